"""Running as a service on a Raspberry Pi: systemd notification and the host's hardware."""
