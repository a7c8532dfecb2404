"""The screens, one route each (views/router.py says which): home, new game,
a game and its rounds, the displays, history, players, the host's shared
table, a phone's seat, and the pages a link shows when it opens nothing."""
