"""The application shell: the frame loop, navigation between screens, the window's opening, preferences, crash reports and notices. Nothing below imports it."""
