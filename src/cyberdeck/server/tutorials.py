"""Learn to play in the browser: the tutorial player (``engine.tutorial``) behind a few routes.

The page (``/learn/GAME``, ``js/learn.js``) draws the learner's table with the same renderers as a
match and shows the step's text beside it. Everything sent is read from the learner's own view, as
at a match (``visibility``): a tutorial never shows a card its seat could not see.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from pydantic import BaseModel, Field

from ..engine import CyberdeckError, Game, load_game
from ..engine.tutorial import Said, Tutorial
from ..store import UserData
from .context import Context, context, require_user
from .visibility import look_for, speller, table_for

router = APIRouter(prefix="/api/learn", tags=["learn"])

#: The log lines a lesson sends back with each answer (the page shows the latest).
LOG_LINES = 40


class LessonMark(BaseModel):
    """A part of the table to mark: its name, and ``you`` or ``tutor`` where it is one side's."""

    name: str
    side: str


class LessonStep(BaseModel):
    #: The learner's moves made before this one, plus one, and their moves in all.
    number: int
    total: int
    #: The step ("step 3 of 12") and the move in it ("move 2 of 3"): a step may hold several.
    step: int
    steps: int
    move: int
    moves: int
    text: str
    highlight: list[LessonMark]
    section: str
    #: The suggested move: its text, its number in the move list, the game's phrase for it and
    #: that phrase in words (its name for screen readers).
    action: str
    n: int
    label: str
    words: str
    #: The gesture that makes this move and the script's next ones in one click, as the real
    #: table offers it ("" when there is none), and that in words.
    gesture: str = ""
    gesture_words: str = ""


class LessonOut(BaseModel):
    game: str
    title: str
    intro: str
    outro: str
    step: LessonStep | None
    #: The table as a match sends it (``view``, ``moves``, ``to_move`` ...), from the learner's seat.
    table: dict[str, Any]
    narration: list[str]
    word: str
    log: list[str]
    #: ``log`` in words, line for line (each line's name for screen readers).
    log_words: list[str]
    #: What the game's own texts call each seat ("Player 2", "Hacker B"): the page names them.
    seat_labels: list[str]
    finished: bool
    won: bool
    outcome: dict[str, Any] | None


class LessonMove(BaseModel):
    action: str = Field(max_length=200)
    #: Make the step's suggested gesture (several moves, one click) instead of ``action``.
    gesture: bool = False


class LookOut(BaseModel):
    text: str | None


def _game(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except CyberdeckError as err:
        raise HTTPException(404, str(err)) from None


def lesson_out(lesson: Tutorial, said: Said) -> LessonOut:
    state, seat, game = lesson.match.state, lesson.seat, lesson.game
    table = table_for(state, seat, [], playing=not state.is_terminal)
    spell = speller(state, table["view"])
    step = lesson.step
    out_step = None
    if step is not None and lesson.suggested is not None:
        suggested = lesson.suggested
        legal = state.legal_actions()
        label = game.describe_action(suggested, table["view"])
        gesture = lesson.gesture
        out_step = LessonStep(
            number=lesson.position + 1,
            total=lesson.total,
            step=lesson.steps_done + 1,
            steps=lesson.steps,
            move=lesson.made_here + 1,
            moves=lesson.moves_here,
            text=step.text,
            highlight=[LessonMark(**part.to_json()) for part in step.highlight],
            section=step.section,
            action=suggested.text,
            n=legal.index(suggested) + 1,
            label=label,
            words=spell(label),
            gesture=gesture.text if gesture else "",
            gesture_words=spell(gesture.text) if gesture else "",
        )
    log = [e.text for e in lesson.match.log if e.visible_to(seat)][-LOG_LINES:]
    outcome = state.outcome
    return LessonOut(
        game=game.id,
        title=game.title,
        intro=lesson.script.intro,
        outro=lesson.script.outro,
        step=out_step,
        table=table,
        narration=list(said.narration),
        word=said.word,
        log=log,
        log_words=[spell(line) for line in log],
        seat_labels=[game.seat_label(i) for i in range(state.num_players)],
        finished=lesson.finished,
        won=lesson.won,
        outcome=outcome.to_json() if outcome is not None else None,
    )


def _start(ctx: Context, user: UserData, game: Game) -> Tutorial:
    lesson = ctx.lessons.start(user.id, game)
    if lesson is None:
        raise HTTPException(404, f"{game.title} has no tutorial yet.")
    return lesson


@router.get("/{game_id}", response_model=LessonOut)
async def current_lesson(
    game_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> LessonOut:
    """The player's lesson of this game where they left it (a new one if none)."""
    game = _game(game_id)
    lesson = ctx.lessons.get(user.id, game)
    if lesson is None:
        lesson = _start(ctx, user, game)
        return lesson_out(lesson, lesson.last)
    return lesson_out(lesson, Said())


@router.post("/{game_id}", response_model=LessonOut)
async def start_lesson(
    game_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> LessonOut:
    """A lesson from the first step (starting over)."""
    lesson = _start(ctx, user, _game(game_id))
    return lesson_out(lesson, lesson.last)


def _lesson(ctx: Context, user: UserData, game_id: str) -> Tutorial:
    game = _game(game_id)
    lesson = ctx.lessons.get(user.id, game)
    if lesson is None:
        raise HTTPException(404, f"Start the {game.title} lesson first (Learn on its card).")
    return lesson


@router.post("/{game_id}/move", response_model=LessonOut)
async def lesson_move(
    game_id: str,
    body: LessonMove,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> LessonOut:
    """The learner's move: the suggested one goes on, another legal one is taken back with a
    word, one the rules refuse is a 400 with the game's own sentence (nothing changes)."""
    lesson = _lesson(ctx, user, game_id)
    try:
        said = lesson.make_gesture() if body.gesture else lesson.move(body.action)
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None
    return lesson_out(lesson, said)


@router.get("/{game_id}/look", response_model=LookOut)
async def lesson_look(
    game_id: str,
    target: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> LookOut:
    """A close look at one part of the learner's table (``look b2``), from the learner's view."""
    lesson = _lesson(ctx, user, game_id)
    return LookOut(text=look_for(lesson.match.state, lesson.seat, target[:100]))
