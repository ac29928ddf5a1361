"""One module per `crib` subcommand; see `pi_app.cli`."""
