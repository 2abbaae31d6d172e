"""Seat colours; each has a letter on its figures and chips for colour-blind players."""

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
COLOUR_HEX = {
    "red": "#d32f2f",
    "blue": "#1976d2",
    "green": "#388e3c",
    "yellow": "#f9a825",
    "purple": "#7b1fa2",
    "orange": "#ef6c00",
    "black": "#212121",
    "white": "#eeeeee",
}
