"""What every screen plays on: the scene base classes, the scene stack, the typed services a scene may ask of the app, the game to start, and tweens."""
