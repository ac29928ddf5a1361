"""Physical and virtual controls: buttons, a rotary encoder, and the same events from elsewhere."""
