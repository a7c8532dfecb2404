"""The live table state kept per game (companion/table_state.py): what
empties it, and a read or a write that overlaps a change keeps nothing stale."""
import threading

from companion.access import TableSettings
from companion.table_state import Tables, TableState
from companion.unit_of_work import StoredGame
from views.state import Shared
from views.web import writes
from views.web.live import Hub


def state(name: str, stamp: object = "as stored") -> TableState:
    return TableState(StoredGame(0, name, ""), TableSettings(), None, (), stamp)  # type: ignore[arg-type]


def test_a_write_not_tied_to_the_table_forgets_its_games_and_keeps_the_others():
    """A round typed on the host's screens, an undo, a deletion: the screens read the game again."""
    shared = Shared(store=None, hub=Hub())
    shared.tables.state(7, lambda: state("game 7 as it was"))
    shared.tables.state(8, lambda: state("game 8, unchanged"))
    shared.tables.host("place", lambda: "read for every game")
    writes.changed(shared, 7)
    assert shared.tables.state(7, lambda: state("game 7 now")).stored.game == "game 7 now"
    assert shared.tables.state(8, lambda: state("read again")).stored.game == "game 8, unchanged"
    assert shared.tables.host("place", lambda: "read again") == "read for every game"
    writes.changed(shared)  # a change tied to no game (a rename, where the host plays): everything
    assert shared.tables.state(8, lambda: state("game 8 now")).stored.game == "game 8 now"
    assert shared.tables.host("place", lambda: "read again") == "read again"


def test_a_write_that_kept_the_state_itself_is_not_forgotten():
    shared = Shared(store=None, hub=Hub())
    with shared.tables.writing(7) as turn:
        turn.put(state("game 7 as written"))
    writes.changed(shared, 7, kept=True)
    assert shared.tables.state(7, lambda: state("read again")).stored.game == "game 7 as written"


def test_a_read_begun_before_a_change_keeps_nothing():
    tables = Tables()

    def load() -> TableState:
        tables.forget(7)  # a write commits and forgets the game while this read is on its way
        return state("game 7 from before the write")

    assert tables.state(7, load).stored.game == "game 7 from before the write"  # shown once...
    assert tables.state(7, lambda: state("game 7 now")).stored.game == "game 7 now"  # ...never kept


def test_a_write_whose_game_was_forgotten_during_its_turn_keeps_nothing():
    tables = Tables()
    with tables.writing(7) as turn:
        tables.forget(7)  # a round entered on the host's screens, committed beside this write
        turn.put(state("game 7 without that round"))
    assert tables.state(7, lambda: state("game 7 with it")).stored.game == "game 7 with it"


def test_a_state_another_program_changed_is_read_again_once_its_stamp_is_asked():
    """The command line renamed a player while the app served: the store's stamp moved."""
    tables = Tables(recheck=-1)  # ask the stamp at every read
    tables.state(7, lambda: state("game 7 as it was", stamp="before"))
    assert tables.state(7, lambda: state("read again"), stamp=lambda kept: "before").stored.game == "game 7 as it was"
    assert tables.state(7, lambda: state("game 7 renamed", stamp="after"),
                        stamp=lambda kept: "after").stored.game == "game 7 renamed"


def test_writes_to_one_game_take_turns():
    tables, order = Tables(), []
    first_in = threading.Event()

    def write(name: str, hold: bool) -> None:
        with tables.writing(7):
            order.append(f"{name} in")
            if hold:
                first_in.set()
                threading.Event().wait(0.05)
            order.append(f"{name} out")

    one = threading.Thread(target=write, args=("one", True))
    one.start()
    first_in.wait(1)
    two = threading.Thread(target=write, args=("two", False))
    two.start()
    one.join(), two.join()
    assert order == ["one in", "one out", "two in", "two out"]


def test_the_states_kept_are_bounded_however_many_games_are_read():
    tables = Tables(kept=4)
    for game in range(100):
        tables.state(game, lambda: state("a game"))
    assert len(tables) == 4


def test_a_change_the_hub_hears_forgets_its_games_states_before_any_session_renders():
    """What a test or a write outside `writes` does: `hub.changed(game)`; the screens then read anew."""
    hub = Hub()
    hub.tables.state(7, lambda: state("game 7 as it was"))
    hub.tables.state(8, lambda: state("game 8, unchanged"))
    hub.changed(7)
    assert hub.tables.state(7, lambda: state("game 7 now")).stored.game == "game 7 now"
    assert hub.tables.state(8, lambda: state("read again")).stored.game == "game 8, unchanged"
    hub.changed(8, kept=True)  # a table write that kept the state right itself
    assert hub.tables.state(8, lambda: state("read again")).stored.game == "game 8, unchanged"
    hub.changed()
    assert hub.tables.state(8, lambda: state("game 8 now")).stored.game == "game 8 now"
