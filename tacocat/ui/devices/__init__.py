"""What the UI draws on, plays through and loads from: the window, the sound device, C libraries' stderr, and the images, fonts and theme on disk."""
