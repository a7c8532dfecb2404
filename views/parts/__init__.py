"""The Flet parts several screens build from: the screen frame and its
widgets, the theme, the chart, the scoreboard, the round forms, the hand in
progress, the share panel, how a write shows, and the guard every screen is
declared with."""
