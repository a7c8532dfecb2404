"""The command line speaks the environment's language (issue 29): LANGUAGE,
LC_ALL, LC_MESSAGES, LANG, as gettext reads them; English otherwise."""
from __future__ import annotations

import pytest

from tests.cli_runs import xyscore


@pytest.mark.parametrize("environment, said", [
    ({"LANG": "de_DE.UTF-8"}, "xyscore stats: es gibt keinen Spieler namens 'Zoe'\n"),
    ({"LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"}, "xyscore stats\u00a0: aucun joueur ne s'appelle 'Zoe'\n"),
    ({"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""},
     "xyscore stats: there is no player called 'Zoe'\n"),
])
def test_a_refusal_on_the_command_line_reads_in_the_environments_language(tmp_path, environment, said):
    environment = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", **environment}
    nobody = xyscore("stats", "--player", "Zoe", "--db", str(tmp_path / "scores.db"), env=environment)
    assert nobody.returncode == 2 and nobody.stderr == said
