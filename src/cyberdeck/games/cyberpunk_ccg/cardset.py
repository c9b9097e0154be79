"""Night City Core: the project's own original card set, written as data.

Names, numbers and flavour are this project's. The set exercises every rule of the game: the seven
card types, the ten runner types, Legendary and Martial Artist, every sponsor with its victory
condition, the Punknaught Chassis, Cyber by body part, Empathy and Cyber-Psycho, busts and the Stash.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import (
    CYBER,
    EQUIPMENT,
    EVENT,
    LOCATION,
    OPERATION,
    RUNNER,
    SPONSOR,
    Ability,
    CardDef,
    Effect,
)

E = Effect


def A(timing: str, target: str, *effects: Effect) -> Ability:
    return Ability(timing, target, tuple(effects))


def T(*words: str) -> frozenset[str]:
    return frozenset(words)


#: The set's combat numbers are written below in small steps and multiplied by this on load: SR,
#: LR and Defense (runners and their gear), M-Sec and E-Sec (Locations and Operations) and every
#: bonus to them. Every comparison the rules make comes out the same at any scale; the scale
#: decides what the seed's 120 Defense (Arasaka) and 120 SR (Militech) mean. Written for the
#: original cards' larger numbers, at a scale of 1 they asked for 15-20 on each of six to eight
#: unused runners at once, which no game came near (v8's balance runs, bench/results/). Power is not
#: a combat number (it is compared with Power and paid as EB); where it turns into one (a
#: Media's, Rocker's or Netrunner's Legwork, a Solo's or Martial Artist's combat sense) it is
#: multiplied by this too.
COMBAT_SCALE = 5

#: The stats ``COMBAT_SCALE`` multiplies.
COMBAT_STATS = ("sr", "lr", "df", "msec", "esec")


def _combat(e: Effect) -> bool:
    return e.op == "force" or (e.op == "mod" and e.stat in COMBAT_STATS)


def _scaled(d: CardDef) -> CardDef:
    """``d`` at ``COMBAT_SCALE``; a ``{}`` in its text is the scaled bonus its ability gives."""
    ability = d.ability
    text = d.text
    if ability is not None:
        effects = tuple(
            replace(e, amount=e.amount * COMBAT_SCALE) if _combat(e) else e for e in ability.effects
        )
        ability = replace(ability, effects=effects)
        text = text.format(*(abs(e.amount) for e in effects if _combat(e)))
    stats = {k: getattr(d, k) * COMBAT_SCALE for k in COMBAT_STATS}
    return replace(d, text=text, ability=ability, **stats)


_WRITTEN: tuple[CardDef, ...] = (
    # --- Sponsors ---------------------------------------------------------------------------
    CardDef("arasaka", "Arasaka", SPONSOR, "corporate", income=9,
            text="Win: end your turn with your Stash and Locations unhit since your last turn, "
            "and 120 Defense on your runners."),
    CardDef("biotechnica", "Biotechnica", SPONSOR, "corporate", income=9,
            text="Win: end your turn with 50 Empathy loss on Cyber you control."),
    CardDef("militech", "Militech", SPONSOR, "corporate", income=9,
            text="Win: hit your opponent's Stash and end that turn with 120 SR on your runners."),
    CardDef("the-mob", "The Mob", SPONSOR, "street", income=6,
            text="Win: begin your turn with 50 EB on your Locations and a Bar, Entertainment, "
            "Grocery, Retail, Manufacturing, Net and Medical Location."),
    CardDef("the-nomads", "The Nomads", SPONSOR, "street", income=6,
            text="Win: end your turn with The Open Road and a Motorcycle, Hover, Truck, RV, AV, "
            "Helicopter and Car on your runners."),
    CardDef("friendly-gangs", "Your Friendly Local Gangs", SPONSOR, "street", income=6,
            text="Win: end your turn with a complete Punknaught Chassis, having played "
            "Trashin' the Corp Zone that turn."),
    CardDef("ncpd", "N.C.P.D.", SPONSOR, "government", income=6,
            text="Win: score 50 bust points (one each time your Cop busts a runner)."),
    # --- Locations ----------------------------------------------------------------------------
    CardDef("neon-dive", "Neon Dive", LOCATION, "street", cost=3, eb=2, msec=10, esec=1, ops=8,
            style=1, traits=T("bar")),
    CardDef("chrome-lounge", "Chrome Lounge", LOCATION, "street", cost=6, eb=5, msec=9, esec=3,
            ops=10, style=2, traits=T("entertainment"),
            ability=A("legwork", "none", E("style", 1)), text="Legwork: gain 1 Style."),
    CardDef("night-market", "Night Market", LOCATION, "street", cost=2, eb=2, msec=8, esec=1,
            ops=6, traits=T("grocery")),
    CardDef("arcology-mall", "Arcology Mall", LOCATION, "corporate", cost=5, eb=3, msec=6,
            esec=4, ops=13, style=1, traits=T("retail")),
    CardDef("fab-works", "Fabrication Works", LOCATION, "corporate", cost=5, eb=4, msec=8,
            esec=3, ops=13, traits=T("manufacturing")),
    CardDef("data-fortress", "Data Fortress", LOCATION, "corporate", cost=6, eb=3, msec=4,
            esec=8, ops=18, traits=T("net")),
    CardDef("street-clinic", "Street Clinic", LOCATION, "street", cost=4, eb=3, msec=8, esec=2,
            ops=8, traits=T("medical"), ability=A("damage", "own-runner", E("straighten")),
            text="Damage Control: straighten one of your runners."),
    CardDef("precinct-house", "Precinct House", LOCATION, "government", cost=4, eb=3, msec=8,
            esec=2, ops=10, traits=T("net"), ability=A("action", "none", E("force", 3, "df")),
            text="Action: your force in this hit gets +{} Defense."),
    CardDef("the-open-road", "The Open Road", LOCATION, "street", cost=4, eb=2, msec=11, esec=3,
            ops=10, style=2, traits=T("entertainment")),
    CardDef("corporate-plaza", "Corporate Plaza", LOCATION, "corporate", cost=6, eb=5, msec=10,
            esec=4, ops=18, style=3, traits=T("retail")),
    CardDef("ripperdoc-den", "Ripperdoc Den", LOCATION, "street", cost=4, eb=2, msec=7, esec=3,
            ops=10, traits=T("medical"), ability=A("damage", "own-discard", E("recover", 4, CYBER)),
            text="Damage Control: return a Cyber costing 4 or less from your discard to your hand."),
    CardDef("net-cafe", "Net Cafe", LOCATION, "street", cost=3, eb=2, msec=7, esec=3, ops=8,
            traits=T("net")),
    CardDef("warehouse-row", "Warehouse Row", LOCATION, "street", cost=3, eb=3, msec=10, esec=1,
            ops=8, traits=T("manufacturing")),
    CardDef("city-hall", "City Hall", LOCATION, "government", cost=6, eb=4, msec=9, esec=5,
            ops=20, style=2, traits=T("retail")),
    CardDef("noodle-stand", "Noodle Stand", LOCATION, "government", cost=2, eb=2, msec=4, esec=0,
            ops=6, traits=T("grocery")),
    # --- Operations ---------------------------------------------------------------------------
    CardDef("data-heist", "Data Heist", OPERATION, "corporate", cost=3, msec=3, esec=3, ops=13,
            ability=A("complete", "none", E("draw", 2)), text="Completed: draw 2 cards."),
    CardDef("smash-and-grab", "Smash and Grab", OPERATION, "street", cost=2, msec=6, ops=16,
            ability=A("complete", "none", E("gain", 4, "next-turn")),
            text="Completed: gain 4 EB at the start of your next turn."),
    CardDef("corporate-extraction", "Corporate Extraction", OPERATION, "corporate", cost=5,
            msec=6, esec=3, ops=20),
    CardDef("protection-racket", "Protection Racket", OPERATION, "street", cost=3, msec=8,
            esec=1, ops=22, ability=A("complete", "none", E("style", 3)),
            text="Completed: gain 3 Style."),
    CardDef("sting-operation", "Sting Operation", OPERATION, "government", cost=4, msec=6,
            esec=2, ops=14, ability=A("complete", "opp-runner", E("bust")),
            text="Completed: bust an opposing runner."),
    CardDef("black-op", "Black Op", OPERATION, "corporate", cost=6, msec=8, esec=5, ops=24),
    CardDef("street-race", "Street Race", OPERATION, "street", cost=2, msec=5, esec=1, ops=18,
            ability=A("complete", "own-runner", E("straighten")),
            text="Completed: straighten one of your runners."),
    CardDef("citywide-blackout", "Citywide Blackout", OPERATION, "government", cost=5, msec=6,
            esec=4, ops=14, ability=A("complete", "opp-attachment", E("trash")),
            text="Completed: trash an Equipment or Cyber on an opposing runner."),
    CardDef("patrol-sweep", "Patrol Sweep", OPERATION, "government", cost=2, msec=5, esec=1,
            ops=8),
    # --- Runners ------------------------------------------------------------------------------
    CardDef("beat-cop", "Beat Cop", RUNNER, "government", cost=3, rtype="cop", sr=2, lr=2, df=3,
            power=2, empathy=7, style=1),
    CardDef("detective-sergeant", "Detective Sergeant", RUNNER, "government", cost=5,
            rtype="cop", sr=3, lr=3, df=4, power=4, empathy=6, style=2),
    CardDef("psycho-squad-officer", "Psycho Squad Officer", RUNNER, "government", cost=7,
            rtype="cop", sr=5, lr=4, df=6, power=5, empathy=5, style=3),
    CardDef("junior-exec", "Junior Exec", RUNNER, "corporate", cost=3, rtype="corp", sr=3, lr=1,
            df=2, power=4, empathy=7, style=2),
    CardDef("chairwoman-okabe", "Chairwoman Okabe", RUNNER, "corporate", cost=8, rtype="corp",
            sr=2, lr=2, df=5, power=9, empathy=5, style=6, traits=T("legendary")),
    CardDef("street-fixer", "Street Fixer", RUNNER, "street", cost=3, rtype="fixer", sr=3, lr=1,
            df=3, power=3, empathy=7, style=2),
    CardDef("info-broker", "Info Broker", RUNNER, "street", cost=4, rtype="fixer", sr=2, lr=2,
            df=4, power=5, empathy=7, style=3),
    CardDef("trauma-medic", "Trauma Medic", RUNNER, "corporate", cost=4, rtype="med-tech", sr=3,
            lr=1, df=3, power=5, empathy=8, style=2),
    CardDef("back-alley-doc", "Back-Alley Doc", RUNNER, "street", cost=3, rtype="med-tech", sr=1,
            lr=0, df=2, power=4, empathy=7, style=1),
    CardDef("newsfeed-reporter", "Newsfeed Reporter", RUNNER, "street", cost=3, rtype="media",
            sr=2, lr=2, df=3, power=3, empathy=8, style=3),
    CardDef("star-anchor", "Star Anchor", RUNNER, "corporate", cost=5, rtype="media", sr=2, lr=2,
            df=3, power=6, empathy=7, style=5),
    CardDef("console-cowboy", "Console Cowboy", RUNNER, "street", cost=4, rtype="netrunner",
            sr=1, lr=4, df=2, power=4, empathy=6, style=3),
    CardDef("ghost-in-the-wire", "Ghost in the Wire", RUNNER, "street", cost=7,
            rtype="netrunner", sr=2, lr=6, df=3, power=7, empathy=5, style=6,
            traits=T("legendary")),
    CardDef("road-warrior", "Road Warrior", RUNNER, "street", cost=3, rtype="nomad", sr=6, lr=3,
            df=5, power=3, empathy=7, style=2),
    CardDef("clan-elder", "Clan Elder", RUNNER, "street", cost=5, rtype="nomad", sr=6, lr=4,
            df=6, power=6, empathy=8, style=3),
    CardDef("garage-rocker", "Garage Rocker", RUNNER, "street", cost=2, rtype="rocker", sr=2,
            lr=1, df=2, power=3, empathy=7, style=4),
    CardDef("chrome-idol", "Chrome Idol", RUNNER, "street", cost=6, rtype="rocker", sr=3, lr=2,
            df=4, power=6, empathy=6, style=10, traits=T("legendary")),
    CardDef("street-samurai", "Street Samurai", RUNNER, "street", cost=5, rtype="solo", sr=5,
            lr=2, df=4, power=4, empathy=6, style=3),
    CardDef("corporate-bodyguard", "Corporate Bodyguard", RUNNER, "corporate", cost=4,
            rtype="solo", sr=3, lr=2, df=5, power=3, empathy=6, style=2),
    CardDef("blade-master", "Blade Master", RUNNER, "street", cost=6, rtype="solo", sr=6, lr=1,
            df=5, power=5, empathy=6, style=4, traits=T("martial-artist")),
    CardDef("merc-sniper", "Merc Sniper", RUNNER, "corporate", cost=5, rtype="solo", sr=2, lr=5,
            df=3, power=4, empathy=6, style=2,
            ability=A("action", "opp-runner", E("exhaust")),
            text="Action: exhaust an opposing runner."),
    CardDef("gearhead", "Gearhead", RUNNER, "street", cost=3, rtype="techie", sr=3, lr=1, df=3,
            power=4, empathy=7, style=1),
    CardDef("chop-shop-boss", "Chop Shop Boss", RUNNER, "street", cost=5, rtype="techie", sr=3,
            lr=2, df=4, power=6, empathy=7, style=2),
    CardDef("patrol-officer", "Patrol Officer", RUNNER, "government", cost=2, rtype="cop", sr=1,
            lr=2, df=2, power=2, empathy=7, style=1),
    CardDef("ganger", "Ganger", RUNNER, "street", cost=2, rtype="solo", sr=4, lr=1, df=3,
            power=2, empathy=5, style=1),
    CardDef("tactical-officer", "Tactical Officer", RUNNER, "government", cost=4, rtype="cop",
            sr=2, lr=1, df=4, power=5, empathy=6, style=1,
            ability=A("action", "opp-runner", E("bust")),
            text="Action: bust an opposing runner (a bust point for N.C.P.D.)."),
    CardDef("precinct-captain", "Precinct Captain", RUNNER, "government", cost=9, rtype="cop",
            sr=3, lr=2, df=5, power=6, empathy=5, style=3, traits=T("legendary"),
            ability=A("damage", "opp-runners", E("bust")),
            text="Damage Control: bust every opposing runner (a bust point each for N.C.P.D.)."),
    # --- Cyber --------------------------------------------------------------------------------
    CardDef("cyberoptics", "Cyberoptics", CYBER, "corporate", cost=2, part="eyes", empathy=1,
            lr=1),
    CardDef("smartgun-link", "Smartgun Link", CYBER, "corporate", cost=2, part="hands",
            empathy=1, lr=2),
    CardDef("muscle-lace", "Muscle Lace", CYBER, "street", cost=3, part="arms", empathy=2, sr=2,
            df=1),
    CardDef("subdermal-plating", "Subdermal Plating", CYBER, "corporate", cost=3, part="torso",
            empathy=2, df=3),
    CardDef("reflex-booster", "Reflex Booster", CYBER, "corporate", cost=4, part="nervous",
            empathy=2, sr=1, lr=1, df=1, power=1),
    CardDef("neural-jack", "Neural Jack", CYBER, "street", cost=2, part="head", empathy=1,
            power=1),
    CardDef("cyberlegs", "Cyberlegs", CYBER, "street", cost=3, part="legs", empathy=2, sr=1,
            df=1),
    CardDef("mantis-blades", "Mantis Blades", CYBER, "street", cost=4, part="arms", empathy=3,
            sr=4),
    CardDef("overclock-spine", "Overclock Spine", CYBER, "corporate", cost=6, part="nervous",
            empathy=4, sr=3, lr=3, power=1, traits=T("legendary")),
    CardDef("biomonitor", "Biomonitor", CYBER, "corporate", cost=1, part="torso", empathy=1,
            df=1),
    # --- Equipment ----------------------------------------------------------------------------
    CardDef("monoblade", "Monoblade", EQUIPMENT, "street", cost=2, gear="weapon", sr=3,
            traits=T("melee")),
    CardDef("shock-baton", "Shock Baton", EQUIPMENT, "government", cost=1, gear="weapon", sr=2,
            traits=T("melee")),
    CardDef("heavy-pistol", "Heavy Pistol", EQUIPMENT, "street", cost=2, gear="weapon", sr=1,
            lr=2),
    CardDef("assault-rifle", "Assault Rifle", EQUIPMENT, "corporate", cost=4, gear="weapon",
            sr=2, lr=4),
    CardDef("rocket-launcher", "Rocket Launcher", EQUIPMENT, "corporate", cost=6, gear="weapon",
            lr=7, traits=T("heavy-weapon")),
    CardDef("door-minigun", "Door Minigun", EQUIPMENT, "street", cost=5, gear="weapon", sr=3,
            lr=4, traits=T("heavy-weapon")),
    CardDef("armored-jacket", "Armored Jacket", EQUIPMENT, "street", cost=2, gear="armor", df=2),
    CardDef("riot-armor", "Riot Armor", EQUIPMENT, "government", cost=4, gear="armor", df=4),
    CardDef("cyberdeck-rig", "Cyberdeck Rig", EQUIPMENT, "street", cost=3, gear="deck", lr=2,
            power=1),
    CardDef("trauma-kit", "Trauma Kit", EQUIPMENT, "street", cost=2, gear="tool",
            ability=A("damage", "own-runner", E("straighten")),
            text="Damage Control: straighten one of your runners."),
    CardDef("police-scanner", "Police Scanner", EQUIPMENT, "government", cost=2, gear="tool",
            ability=A("any", "none", E("draw", 1)), text="Any step: draw a card."),
    CardDef("street-bike", "Street Bike", EQUIPMENT, "street", cost=2, gear="vehicle",
            movement=1, capacity=1, wheels=2, traits=T("motorcycle")),
    CardDef("hover-sled", "Hover Sled", EQUIPMENT, "street", cost=4, gear="vehicle", movement=2,
            capacity=2, traits=T("hover")),
    CardDef("armored-truck", "Armored Truck", EQUIPMENT, "corporate", cost=5, gear="vehicle",
            movement=1, capacity=4, wheels=6, df=2, traits=T("truck")),
    CardDef("road-rv", "Road RV", EQUIPMENT, "street", cost=4, gear="vehicle", movement=1,
            capacity=5, wheels=4, traits=T("rv")),
    CardDef("aerodyne", "Aerodyne", EQUIPMENT, "corporate", cost=7, gear="vehicle", movement=2,
            capacity=4, traits=T("av")),
    CardDef("gunship-copter", "Gunship Copter", EQUIPMENT, "government", cost=6, gear="vehicle",
            movement=2, capacity=3, lr=2, traits=T("helicopter")),
    CardDef("muscle-car", "Muscle Car", EQUIPMENT, "street", cost=3, gear="vehicle", movement=1,
            capacity=4, wheels=4, traits=T("car")),
    CardDef("hover-bike", "Hover Bike", EQUIPMENT, "street", cost=3, gear="vehicle", movement=2,
            capacity=1, traits=T("motorcycle", "hover"), text="Both a Motorcycle and a Hover."),
    CardDef("road-train", "Road Train", EQUIPMENT, "street", cost=5, gear="vehicle", movement=1,
            capacity=5, wheels=8, traits=T("truck", "rv"), text="Both a Truck and an R.V."),
    CardDef("tiltrotor", "Tiltrotor", EQUIPMENT, "street", cost=7, gear="vehicle", movement=2,
            capacity=3, traits=T("av", "helicopter"), text="Both an A.V. and a Helicopter."),
    CardDef("police-interceptor", "Police Interceptor", EQUIPMENT, "government", cost=3,
            gear="vehicle", movement=1, capacity=4, wheels=4, sr=1, traits=T("car")),
    CardDef("punknaught-chassis", "Punknaught Chassis", EQUIPMENT, "street", cost=6,
            gear="chassis",
            text="Built on one of your Locations; 3 construction tokens; complete with 8 wheels, "
            "2 Trucks/RVs, 2 Hovers/Helicopters/AVs and exactly 1 heavy weapon."),
    # --- Events -------------------------------------------------------------------------------
    CardDef("adrenaline-rush", "Adrenaline Rush", EVENT, "street", cost=1,
            ability=A("any", "own-runner", E("mod", 3, "sr")),
            text="A runner of yours gets +{} SR this turn."),
    CardDef("flashbang", "Flashbang", EVENT, "government", cost=4,
            ability=A("any", "opp-runner", E("exhaust")), text="Exhaust an opposing runner."),
    CardDef("ambush", "Ambush", EVENT, "street", cost=3,
            ability=A("any", "opp-runner", E("trash")), text="Trash an opposing runner."),
    CardDef("sabotage", "Sabotage", EVENT, "corporate", cost=3,
            ability=A("any", "opp-attachment", E("trash")),
            text="Trash an Equipment or Cyber on an opposing runner."),
    CardDef("payday", "Payday", EVENT, "corporate", cost=1, ability=A("any", "none", E("gain", 3)),
            text="Gain 3 EB this turn."),
    CardDef("street-intel", "Street Intel", EVENT, "street", cost=1,
            ability=A("any", "none", E("draw", 2)), text="Draw 2 cards."),
    CardDef("police-raid", "Police Raid", EVENT, "government", cost=4,
            ability=A("any", "opp-runner", E("bust")), text="Bust an opposing runner."),
    CardDef("media-blitz", "Media Blitz", EVENT, "corporate", cost=2,
            ability=A("any", "none", E("style", 3)), text="Gain 3 Style."),
    CardDef("backup-arrives", "Backup Arrives", EVENT, "government", cost=2,
            ability=A("any", "own-runner", E("straighten")),
            text="Straighten one of your runners."),
    CardDef("exfiltration", "Exfiltration", EVENT, "corporate", cost=2,
            ability=A("any", "own-raiders", E("straighten")),
            text="Straighten every runner of yours that trashed the opponent's Stash this turn."),
    CardDef("cover-fire", "Cover Fire", EVENT, "street", cost=1,
            ability=A("action", "none", E("force", 3, "df")),
            text="Your force in this hit gets +{} Defense."),
    CardDef("overwhelming-force", "Overwhelming Force", EVENT, "corporate", cost=2,
            ability=A("action", "none", E("force", 4, "attack")),
            text="Your force in this hit gets +{} attack."),
    CardDef("trashin-the-corp-zone", "Trashin' the Corp Zone", EVENT, "street", cost=3,
            ability=A("action", "none", E("force", 5, "attack")),
            text="Your force in this hit gets +{} attack."),
    CardDef("salvage", "Salvage", EVENT, "street", cost=1,
            ability=A("any", "own-discard", E("recover", 3, EQUIPMENT)),
            text="Return an Equipment costing 3 or less from your discard to your hand."),
    CardDef("system-crash", "System Crash", EVENT, "corporate", cost=3,
            ability=A("any", "any-site", E("mod", -4, "esec")),
            text="A Location or Operation gets -{} E-Sec this turn."),
    CardDef("lockdown", "Lockdown", EVENT, "government", cost=2,
            ability=A("any", "own-site", E("mod", 4, "msec")),
            text="One of your Locations or Operations gets +{} M-Sec this turn."),
    CardDef("smear-campaign", "Smear Campaign", EVENT, "corporate", cost=2,
            ability=A("any", "opp-runner", E("mod", -3, "power")),
            text="An opposing runner gets -3 Power this turn."),
    CardDef("ripper-shot", "Ripper Shot", EVENT, "street", cost=2,
            ability=A("any", "own-runner", E("mod", 3, "df")),
            text="A runner of yours gets +{} Defense this turn."),
    CardDef("burn-notice", "Burn Notice", EVENT, "government", cost=6,
            ability=A("any", "opp-runner", E("burn")), text="Burn an opposing runner."),
    CardDef("lay-low", "Lay Low", EVENT, "street", cost=1,
            ability=A("any", "opp-gear", E("stash")),
            text="An Equipment on an opposing runner goes to its owner's Stash."),
)  # fmt: skip

CARDS: tuple[CardDef, ...] = tuple(_scaled(d) for d in _WRITTEN)

BY_SLUG: dict[str, int] = {c.slug: i for i, c in enumerate(CARDS)}
BY_NAME: dict[str, int] = {c.name.lower(): i for i, c in enumerate(CARDS)}


def set_size() -> str:
    """How big Night City Core is, in the words every page says it with ("104 cards and 7
    sponsors"): counted from the cards above, so no page can state a number the set has left."""
    sponsors = sum(1 for d in CARDS if d.kind == SPONSOR)
    return f"{len(CARDS) - sponsors} cards and {sponsors} sponsors"
