"""Refresh the arcade's icons: the few game-icons.net icons the tables and the home page use,
written as SVG files into the static files with a credits list for the About page.

A maintenance step, not a build step: the SVG files and ``credits.json`` are committed, so
``make play`` needs no Node, no build and no CDN. Only this script needs npm, which it asks for the
pinned package ``@iconify-json/game-icons`` (the game-icons.net set, CC BY 3.0) and unpacks in a
temporary folder.

    python scripts/fetch_icons.py            # writes src/cyberdeck/web/static/icons/

Each icon's author is recorded in ``ICONS`` (game-icons.net keeps icons in a folder per author;
the npm package does not carry it), so the About page credits every icon by name.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "cyberdeck" / "web" / "static"
OUT = STATIC / "icons"
#: One class per icon (the page's styles may not be inline: the server's CSP allows 'self').
CSS = STATIC / "css" / "icons.css"
PACKAGE = "@iconify-json/game-icons@1.2.4"
LICENSE = "CC BY 3.0"
LICENSE_URL = "https://creativecommons.org/licenses/by/3.0/"

#: What each icon stands for on the tables -> (game-icons.net name, its author).
ICONS: dict[str, tuple[str, str]] = {
    # The games, on the home page and above each table.
    "game-cipher-run": ("key-card", "Delapouite"),
    "game-matrix-overload": ("circuitry", "Lorc"),
    "game-hack-me": ("cyber-eye", "Delapouite"),
    "game-cypher": ("lock-spy", "Delapouite"),
    "game-cyberpunk-ccg": ("modern-city", "Delapouite"),
    # Cyberpunk CCG: the kinds of card.
    "kind-runner": ("running-ninja", "DarkZaitzev"),
    "kind-equipment": ("pistol-gun", "John Colburn"),
    "kind-event": ("lightning-arc", "Lorc"),
    "kind-location": ("factory", "Delapouite"),
    "kind-operation": ("server-rack", "Delapouite"),
    "kind-cyber": ("microchip", "Lorc"),
    "kind-sponsor": ("take-my-money", "Delapouite"),
    # Cyberpunk CCG: the factions.
    "faction-street": ("spray", "Lorc"),
    "faction-corporate": ("briefcase", "Delapouite"),
    "faction-government": ("police-badge", "Andy Meneely"),
    # Cypher: the classes.
    "class-upper": ("crown", "Lorc"),
    "class-middle": ("house", "Delapouite"),
    "class-lower": ("hood", "Lorc"),
    "class-none": ("ghost", "Lorc"),
    # Cipher Run and Hack-Me: the firewall and the vault.
    "firewall": ("firewall", "Delapouite"),
    "vault": ("combination-lock", "Skoll"),
    # The sound control.
    "sound": ("speaker", "Delapouite"),
}


def unpack(folder: Path) -> dict[str, dict[str, str]]:
    """The package's icons by name, from ``npm pack`` in ``folder``."""
    subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=folder, check=True)
    tarball = next(folder.glob("*.tgz"))
    with tarfile.open(tarball) as tar:
        tar.extractall(folder, filter="data")
    data = json.loads((folder / "package" / "icons.json").read_text())
    icons: dict[str, dict[str, str]] = data["icons"]
    return icons


def folder(author: str) -> str:
    """The author's folder on game-icons.net ("John Colburn" -> "john-colburn")."""
    return author.lower().replace(" ", "-")


def svg(body: str) -> str:
    """A standalone SVG of an icon body (its paths draw in currentColor, so CSS colours it when
    inlined; as an image it is drawn black, which the page tints with a filter or a mask)."""
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" aria-hidden="true">{body}</svg>\n'


def stylesheet(icons: dict[str, tuple[str, str]]) -> str:
    """``.icon`` draws an icon in the text's colour (the SVG as a mask), ``.icon-KEY`` names which:
    one SVG file serves every colour and size."""
    head = (
        "/* Written by scripts/fetch_icons.py: the arcade's icons (game-icons.net, CC BY 3.0; the\n"
        '   authors are on the About page). <span class="icon icon-KEY"> draws one in currentColor. */\n'
        ".icon { display: inline-block; width: 1.2em; height: 1.2em; flex: none; vertical-align: -.2em;\n"
        "  background: currentColor; -webkit-mask: var(--icon) center / contain no-repeat;\n"
        "  mask: var(--icon) center / contain no-repeat; }\n"
    )
    rules = [f'.icon-{key} {{ --icon: url("/static/icons/{key}.svg"); }}\n' for key in icons]
    return head + "".join(rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        icons = unpack(Path(temp))
    credits = []
    for key, (name, author) in ICONS.items():
        (args.out / f"{key}.svg").write_text(svg(icons[name]["body"]))
        credits.append(
            {
                "file": f"{key}.svg",
                "icon": name,
                "author": author,
                "source": f"https://game-icons.net/1x1/{folder(author)}/{name}.html",
                "license": LICENSE,
                "license_url": LICENSE_URL,
            }
        )
    (args.out / "credits.json").write_text(json.dumps(credits, indent=1) + "\n")
    CSS.write_text(stylesheet(ICONS))
    print(f"wrote {len(credits)} icons to {args.out}")


if __name__ == "__main__":
    main()
