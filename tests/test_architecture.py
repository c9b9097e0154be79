"""The package's shape, read from its sources with ``ast`` (nothing is imported): the engine's
imports have no cycle, counting those made only for the type checker; each layer of the design
(shared/DESIGN.md, "Layout") imports only the layers below it; and the CLI's command modules
share their helpers through one module, never each other."""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


@dataclass(frozen=True)
class Import:
    """One import statement's target, as an absolute module name (a name taken from a package
    counts as the submodule when there is one), and the names it takes."""

    source: str
    target: str
    names: tuple[str, ...]
    line: int
    #: Inside ``try: ... except ImportError``: the module works without it.
    optional: bool


def module_name(path: Path, src: Path = SRC) -> str:
    parts = path.relative_to(src).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def sources(src: Path = SRC) -> dict[str, Path]:
    """Every module of the package, by name."""
    return {module_name(p, src): p for p in sorted((src / "cyberdeck").rglob("*.py"))}


class Collector(ast.NodeVisitor):
    """Every import of a module, wherever it is: at the top, in a function, under
    ``if TYPE_CHECKING``, or in a ``try`` that falls back when the import fails."""

    def __init__(self, name: str, is_package: bool, known: dict[str, Path]) -> None:
        self.name = name
        self.package = name if is_package else name.rpartition(".")[0]
        self.known = known
        self.optional = 0
        self.found: list[Import] = []

    def visit_Try(self, node: ast.Try) -> None:
        catches = {
            n.id
            for handler in node.handlers
            for n in ast.walk(handler.type or ast.Name("BaseException"))
            if isinstance(n, ast.Name)
        }
        guarded = bool(catches & {"ImportError", "ModuleNotFoundError"})
        self.optional += guarded
        for statement in node.body:
            self.visit(statement)
        self.optional -= guarded
        for part in (*node.handlers, *node.orelse, *node.finalbody):
            self.visit(part)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(alias.name, (), node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")[: len(self.package.split(".")) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
        else:
            target = node.module or ""
        taken = []
        for alias in node.names:
            submodule = f"{target}.{alias.name}"
            if submodule in self.known:
                self.add(submodule, (), node.lineno)
            else:
                taken.append(alias.name)
        if taken:
            self.add(target, tuple(taken), node.lineno)

    def add(self, target: str, names: tuple[str, ...], line: int) -> None:
        self.found.append(Import(self.name, target, names, line, self.optional > 0))


@cache
def imports(name: str, src: Path = SRC) -> tuple[Import, ...]:
    known = sources(src)
    path = known[name]
    collector = Collector(name, path.name == "__init__.py", known)
    collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return tuple(collector.found)


def layer(module: str) -> str:
    """The design's layer of a module of the package: ``engine``, ``games.cypher``, ``cli``..."""
    parts = module.split(".")
    if len(parts) == 1:
        return "cyberdeck"
    if parts[1] == "games" and len(parts) > 2:
        return f"games.{parts[2]}"
    return parts[1]


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (its nodes in order, the first again at the end), or ``None``."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def engine_graph(src: Path = SRC) -> dict[str, set[str]]:
    """The engine's modules and the engine modules each imports (type-checking imports too)."""
    engine = {m for m in sources(src) if layer(m) == "engine"}
    return {m: {i.target for i in imports(m, src) if i.target in engine} for m in engine}


def test_the_cycle_finder_finds_a_cycle_through_type_checking_imports(tmp_path: Path) -> None:
    """The check itself: two engine modules that name each other, one of them only for the type
    checker, are a cycle."""
    engine = tmp_path / "cyberdeck" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "cyberdeck" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("")
    (engine / "game.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .agent import Agent\n"
    )
    (engine / "agent.py").write_text("from . import game\n")
    assert cycle(engine_graph(tmp_path)) == [
        "cyberdeck.engine.agent",
        "cyberdeck.engine.game",
        "cyberdeck.engine.agent",
    ]


def test_the_engine_imports_have_no_cycle() -> None:
    """The contract imports nothing that uses it: the agent protocol lives in the contract, the
    record is data alone, and the questions a table may answer are in ``questions``; matches,
    replay, the registry and the table's answers sit above the contract."""
    found = cycle(engine_graph())
    assert found is None, "the engine's imports go round: " + " -> ".join(found or [])


#: What each layer may import of the package besides itself (shared/DESIGN.md, "Layout"). The
#: research environments also import games: a JAX twin copies one game's rules and is checked
#: against that game's engine. The lab trains the learned players on the research environments.
MAY_IMPORT = {
    "engine": set(),
    "agents": {"engine"},
    "store": {"engine"},
    "lab": {"engine", "agents", "envs"},
    "envs": {"engine", "agents", "games"},
}


def broken_layer_rules(src: Path = SRC) -> list[str]:
    """Every import that crosses the design's layers the wrong way, one line each."""
    broken = []
    for module in sources(src):
        own = layer(module)
        for found in imports(module, src):
            where = f"{module}:{found.line} imports {found.target}"
            if found.target.split(".")[0] != "cyberdeck":
                top = found.target.split(".")[0]
                if own == "engine" and top not in sys.stdlib_module_names and not found.optional:
                    broken.append(f"{where}: the engine imports the standard library only")
                continue
            theirs = layer(found.target)
            if theirs == own:
                continue
            if own.startswith("games.") and theirs != "engine":
                broken.append(f"{where}: a game imports only the engine")
            elif own in MAY_IMPORT and theirs.split(".")[0] not in MAY_IMPORT[own]:
                allowed = ", ".join(sorted(MAY_IMPORT[own])) or "nothing else of the package"
                broken.append(f"{where}: {own} may import {allowed}")
    return broken


def test_each_layer_imports_only_the_layers_below_it() -> None:
    """The engine knows no game and needs nothing outside the standard library (an import it
    can do without, in ``try ... except ImportError``, is allowed: mypyc's marks); a game
    imports only the engine; agents, lab and envs never reach for play, the server or the web."""
    assert broken_layer_rules() == []


@pytest.mark.parametrize(
    ("module", "line", "complaint"),
    [
        ("cyberdeck/engine/x.py", "import numpy\n", "standard library only"),
        ("cyberdeck/engine/x.py", "from ..games.cypher import rules\n", "engine may import"),
        ("cyberdeck/games/cypher/x.py", "from ..hack_me import rules\n", "only the engine"),
        ("cyberdeck/games/cypher/x.py", "from ...agents import greedy\n", "only the engine"),
        ("cyberdeck/lab/x.py", "from ..server import app\n", "lab may import"),
        ("cyberdeck/envs/x.py", "from ..play import terminal\n", "envs may import"),
        ("cyberdeck/agents/x.py", "from ..web import static\n", "agents may import"),
    ],
)
def test_the_layer_check_names_each_kind_of_crossing(
    tmp_path: Path, module: str, line: str, complaint: str
) -> None:
    for package in ("engine", "games", "games/cypher", "games/hack_me", "agents", "lab", "envs"):
        (tmp_path / "cyberdeck" / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / "cyberdeck" / package / "__init__.py").write_text("")
    for package in ("server", "play", "web"):
        (tmp_path / "cyberdeck" / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / "cyberdeck" / package / "__init__.py").write_text("")
    (tmp_path / "cyberdeck" / "__init__.py").write_text("")
    (tmp_path / module).write_text(line)
    (broken,) = broken_layer_rules(tmp_path)
    assert complaint in broken


def test_an_optional_import_is_no_dependency(tmp_path: Path) -> None:
    engine = tmp_path / "cyberdeck" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "cyberdeck" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("")
    (engine / "marks.py").write_text(
        "try:\n    from mypy_extensions import mypyc_attr\nexcept ImportError:\n    pass\n"
    )
    assert broken_layer_rules(tmp_path) == []


#: The CLI's module that every command module may import: what they share.
CLI_SHARED = "cyberdeck.cli.common"


def crossed_commands(src: Path = SRC) -> list[str]:
    """Every import by which a module of the CLI reaches into a command module other than its
    own: a command module imports only ``common`` of the CLI, ``common`` no command module, and
    the package that puts the commands together takes only their public names."""
    crossed = []
    for module in sources(src):
        if layer(module) != "cli":
            continue
        for found in imports(module, src):
            if layer(found.target) != "cli" or found.target in (module, CLI_SHARED):
                continue
            where = f"{module}:{found.line} imports {found.target}"
            if module not in ("cyberdeck.cli", "cyberdeck.cli.__main__"):
                crossed.append(f"{where}: a command module imports only {CLI_SHARED}")
            elif any(name.startswith("_") for name in found.names):
                crossed.append(f"{where}: {', '.join(found.names)} are its own")
    return crossed


def test_no_command_module_imports_another() -> None:
    """One module per group of commands, sharing their helpers through ``cli.common`` alone."""
    assert [m for m in sources() if m in ("cyberdeck.cli", "cyberdeck.cli_lab")] == [
        "cyberdeck.cli"
    ]
    assert sources()["cyberdeck.cli"].name == "__init__.py", "the CLI is a package"
    assert crossed_commands() == []


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("cyberdeck/cli/lab.py", "from .play import find_game\n"),
        ("cyberdeck/cli/lab.py", "from . import play\n"),
        ("cyberdeck/cli/common.py", "from .deck import deck_game\n"),
        ("cyberdeck/cli/__init__.py", "from .play import _helper\n"),
    ],
)
def test_the_command_check_names_a_crossing(tmp_path: Path, module: str, line: str) -> None:
    cli = tmp_path / "cyberdeck" / "cli"
    cli.mkdir(parents=True)
    (tmp_path / "cyberdeck" / "__init__.py").write_text("")
    for name in ("__init__", "common", "play", "lab", "deck"):
        (cli / f"{name}.py").write_text("from .common import fail\n" if name != "common" else "")
    (tmp_path / module).write_text(line)
    (crossed,) = crossed_commands(tmp_path)
    assert crossed.startswith(
        module.replace("/", ".").removesuffix(".py").removesuffix(".__init__")
    )
