#!/usr/bin/python3
"""Writes data/stress-40-rooms.json: a large made-up conference for testing the kiosk at
scale (40 rooms, 900 talks over 3 days, ~900 speakers) and the photos it names.

Usage: make-stress-program.py [OUTPUT.json]   (default: data/stress-40-rooms.json)

Deterministic: a fixed seed and python3's standard library only, so the committed file
is exactly what this makes (tools/check-stress-program.sh checks it in CTest). Every
name, title and abstract is invented from word lists; names are Latin script with
accents (other scripts are covered elsewhere).
"""
import json
import os
import random
import struct
import sys
import unicodedata
import zlib

SEED = 40900
DAYS = [("2027-06-14", "Monday"), ("2027-06-15", "Tuesday"), ("2027-06-16", "Wednesday")]
TALKS = 900
ROOMS = 40
PHOTOS = 24  # shared photo files; about a quarter of the speakers have none

FIRST = """Ana José Zoë Łukasz Søren Björn Chloé Renée Inés Joaquín Åsa Mikkel Jürgen Dóra Ágnes Bálint
Ioana Ștefan Radu Tomáš Jiří Věra Dušan Đorđe Mária Kübra Çağla Şebnem İlkay Ömer Noémie Hélène Gaël Maëlle
François Loïc Léa Núria Jordi Àlex Begoña Iñaki Xosé Luís João Conceição Mónica Gonçalo Sebastián Andrés
Camila Mateo Valentina Émile Aurélien Thérèse Kristóf Zsófia Grzegorz Małgorzata Paweł Agnieszka Wojciech
Bartłomiej Jānis Līga Rūta Žygimantas Ieva Eiríkur Þóra Sigríður Guðrún Hafþór Ólafur Anneliese Ulrich
Käthe Jörg Matthias Maximilian Friederike Niamh Siobhán Seán Aoife Tadhg Ciarán Eóin Maja Lea Ivana Tea
Nikola Zrinka Katarína Ľubomír Oľga Arnaud Clémence Benoît Océane Raphaël Ximena Dolores Ramón Ángel Sofía
Lucía Martín Pablo Adrián Mehmet Ayşe Tuğba Elif Hüseyin Nguyễn Thảo Minh Trần Lệ Priya Arjun Ananya
Wanjiru Kwame Abebe Chidi Ngozi Amara Tiago Inês Rui Beatriz Henrique Emma Liam Olivia Noah Ava Lucas Mia
Elena Marco Giulia Luca Chiara Francesco Sara Alessandro Martina Lorenzo""".split()

LAST = """García Müller Łukaszewicz Sørensen Gonçalves Dvořák Ñúñez Håkansson Kovačević Jørgensen Nováková
Szabó Kovács Horváth Tóth Popescu Ionescu Rădulescu Procházka Černý Svoboda Đokić Petrović Jovanović
Yılmaz Şahin Öztürk Çelik Doğan Lefèvre Dubois Moreau Laurent Girard Bézier Fontaine Pérez Martínez
López Sánchez Gómez Díaz Fernández Muñoz Álvarez Jiménez Ibáñez Peña Castaño Araújo Conceição Gusmão
Magalhães Brandão Ribeiro Sørlie Bjørnstad Ødegård Åkesson Lindqvist Öberg Nyström Grünewald Schäfer
Köhler Groß Weiß Krüger Böhm Jäger Kowalski Wiśniewski Wójcik Kamiński Lewandowski Zieliński Dąbrowski
Kozłowski Jankowski Bērziņš Kalniņš Ozoliņš Vaitkevičius Žukauskas Jónsdóttir Guðmundsson Sigurðsson
Ó Súilleabháin Ní Bhriain Mac Giolla Ó Ceallaigh Babić Marić Horvat Hrušovský Kráľová Ďuriš Caña
Gutiérrez Domínguez Vázquez Ramírez Nguyễn Trần Lê Phạm Hoàng Patel Sharma Iyer Reddy Okafor Mensah
Abebe Kamau Odhiambo Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo
Conti Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso
Ferrara Galli Martini Leone Longo Gentile Martinelli Vitale Lombardo Serra Coppola De Santis D'Angelo
Marchetti Parisi Villa Conte Ferraro Ferri Fabbri Bianco Marini Grasso Valentini Messina Sala De Luca
Gattuso Bellini Basile Riva Donati Piras Vitali Battaglia Sartori Neri Costantini Milani Pagano Ruggiero
Sorrentino D'Amico Orlando Damico Negri""".split()

ORGS = ["Universidade de Lisboa", "ETH Zürich", "Université Paris-Saclay", "Universitat Politècnica de Catalunya",
        "KTH Royal Institute of Technology", "Technische Universität München", "Uniwersytet Warszawski",
        "Univerzita Karlova", "Budapesti Műszaki és Gazdaságtudományi Egyetem", "Universitatea Politehnica București",
        "Boğaziçi Üniversitesi", "Háskóli Íslands", "Trinity College Dublin", "Politecnico di Milano",
        "Sveučilište u Zagrebu", "Aalto-yliopisto", "Københavns Universitet", "École polytechnique fédérale de Lausanne",
        "Universidad de Chile", "Universidade de São Paulo", "Instituto Tecnológico de Monterrey",
        "Đại học Bách khoa Hà Nội", "University of Nairobi", "Indian Institute of Science", "Northwind Research",
        "Contoso Labs", "Fabrikam AI", "Tailspin Systems", "Wingtip Computing", "Litware Inc."]

TRACKS = [("systems", "Systems", "#3366cc"), ("learning", "Learning", "#2e8b57"), ("hardware", "Hardware", "#b8860b"),
          ("compilers", "Compilers", "#8e44ad"), ("data", "Data", "#c0392b"), ("networks", "Networks", "#16a085"),
          ("security", "Security and privacy", "#7f8c8d"), ("hci", "People and interfaces", "#d35400"),
          ("theory", "Theory", "#2c3e50"), ("edge", "Edge and mobile", "#27ae60"),
          ("energy", "Energy and sustainability", "#f39c12"), ("industry", "Industry", "#34495e")]

ROOM_NAMES = ["Grand Auditorium Émilie du Châtelet", "Auditorium Sofia Kovalevskaya", "Salle Ada Lovelace",
              "Sala Ramón y Cajal", "Hörsaal Emmy Noether", "Aula Maria Gaetana Agnesi", "Sal Lise Meitner",
              "Sala Marie Skłodowska-Curie"] + \
             [f"Room {floor}.{n:02d}" for floor in (1, 2) for n in range(1, 10)] + ["Room 3.01"] + \
             ["Seminar room Øresund", "Seminar room Ångström", "Seminar room Dvořák", "Seminar room Sørlandet",
              "Workshop room Hólmavík", "Workshop room Łódź", "Workshop room Cádiz", "Workshop room Brașov",
              "Poster hall Nord", "Poster hall Süd", "Foyer Český Krumlov", "Terrace Ålesund", "Mezzanine Évora"]
assert len(ROOM_NAMES) == ROOMS
POSTER_ROOMS = ["Poster hall Nord", "Poster hall Süd"]
BREAK_ROOMS = ["Foyer Český Krumlov", "Terrace Ålesund"]
MAIN = ROOM_NAMES[0]
INVITED_ROOMS = ROOM_NAMES[1:8]
ORAL_ROOMS = [r for r in ROOM_NAMES if r not in POSTER_ROOMS + BREAK_ROOMS + [MAIN]]
ORAL_PER_BLOCK = 18

ADJ = ["Scalable", "Efficient", "Robust", "Adaptive", "Verifiable", "Energy-aware", "Decentralised", "Incremental",
       "Differentiable", "Sparse", "Heterogeneous", "Fault-tolerant", "Privacy-preserving", "Learned", "Elastic",
       "Approximate", "Speculative", "Asynchronous", "Hierarchical", "Probabilistic"]
NOUN = ["Scheduling", "Caching", "Compilation", "Inference", "Training", "Replication", "Indexing", "Placement",
        "Quantisation", "Partitioning", "Query Optimisation", "Garbage Collection", "Checkpointing", "Load Balancing",
        "Graph Processing", "Stream Processing", "Federated Learning", "Memory Management", "Autotuning", "Tracing"]
CONTEXT = ["for Multi-Tenant GPU Clusters", "on Commodity Hardware", "at the Edge", "across Data Centres",
           "in Serverless Platforms", "for Large Language Models", "with Persistent Memory", "over Wide-Area Networks",
           "for Recommendation Workloads", "on Battery-Powered Devices", "in Shared Research Infrastructure",
           "for Scientific Simulations"]
LONG_TAIL = ["A Study of Thirty Production Deployments, Their Failures, and What the Operators Changed Afterwards",
             "Lessons Learned from Five Years of Operating a Continent-Scale Service with a Small Team and Tight Budgets",
             "An Empirical Comparison of Eleven Open-Source Implementations Under Realistic, Bursty, Long-Tailed Load",
             "Towards Principled Trade-offs Between Latency, Accuracy, Cost, Energy and Carbon in Everyday Workloads"]
SYSNAMES = ["Ósmosis", "Kestrel", "Fjord", "Tessellate", "Quill", "Marlin", "Saffron", "Granite", "Lumen", "Ørbit",
            "Cascade", "Mosaic", "Pylon", "Zephyr", "Halyard", "Bramble", "Vireo", "Cinder", "Tundra", "Ébène"]

SENTENCES = [
    "{sys} addresses a problem that operators of {ctx} meet every day: {noun_l} that ignores how work arrives.",
    "We present {sys}, a system for {noun_l} {ctx_l}.",
    "Existing approaches assume that the workload is stable, which rarely holds in practice.",
    "Our key insight is that most of the cost comes from a small fraction of requests, which can be predicted early.",
    "{sys} combines a lightweight profiler with an online policy that adapts within seconds.",
    "We implemented {sys} in about 12,000 lines of code and evaluated it on traces from three organisations.",
    "Compared with the state of the art, {sys} reduces tail latency by {a}% and cost by {b}%.",
    "We also report on negative results and on the engineering that made the approach deployable.",
    "The design separates mechanism from policy, so that sites can plug in their own objectives.",
    "An ablation study shows that each component contributes, and that the gains hold across hardware generations.",
    "Code, traces and the artefact are available to the community.",
]

BIO = [
    "{name} is a {role} at {org}, working on {topic}.",
    "Before joining {org}, {first} spent several years in industry building {topic} for production systems.",
    "{first} received a PhD from {org2} and has served on the programme committees of many conferences.",
    "Their work has received best paper awards and is used in open-source projects with thousands of users.",
    "{first} enjoys teaching, mentoring students from under-represented groups, and long walks in the mountains.",
    "Outside research, {first} sings in a choir, restores old bicycles and volunteers at a local makerspace.",
    "{first} has given invited talks at universities and companies on four continents and advises two start-ups.",
    "Recent projects include a study of how hallway conversations at conferences lead to collaborations.",
]
ROLES = ["professor", "associate professor", "research scientist", "PhD student", "postdoctoral researcher",
         "principal engineer", "senior lecturer", "staff engineer"]


def png(width, height, pixel):
    """A small RGB PNG from pixel(x, y) -> (r, g, b), with the standard library only."""
    raw = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def photo(rng):
    """A head-and-shoulders silhouette on a coloured ground: enough to test photo drawing."""
    ground = tuple(rng.randrange(60, 200) for _ in range(3))
    skin = rng.choice([(241, 194, 125), (224, 172, 105), (198, 134, 66), (141, 85, 36), (255, 219, 172)])
    shirt = tuple(rng.randrange(20, 120) for _ in range(3))

    def pixel(x, y):
        if (x - 48) ** 2 + (y - 40) ** 2 < 20 ** 2:
            return skin
        if y > 66 and (x - 48) ** 2 + (y - 110) ** 2 < 44 ** 2:
            return shirt
        return ground
    return png(96, 96, pixel)


class Names:
    def __init__(self, rng):
        self.rng = rng
        self.used = set()

    def person(self):
        while True:
            name = f"{self.rng.choice(FIRST)} {self.rng.choice(LAST)}"
            if name not in self.used:
                self.used.add(name)
                return name


def slug(text, taken):
    plain = unicodedata.normalize("NFKD", text)  # "José" -> "Jose" and a combining accent, dropped
    keep = "".join(ch.lower() if ch.isalnum() and ch.isascii() else "" if unicodedata.combining(ch) else "-"
                   for ch in plain)
    base = "-".join(part for part in keep.split("-") if part)[:48].strip("-") or "x"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def title(rng):
    t = f"{rng.choice(ADJ)} {rng.choice(NOUN)} {rng.choice(CONTEXT)}"
    r = rng.random()
    if r < 0.25:
        t = f"{rng.choice(SYSNAMES)}: {t}"
    elif r < 0.33:  # the long ones: some over 200 characters
        t = f"{t}: {rng.choice(LONG_TAIL)}, with a Reproducible Benchmark Suite and an Open Dataset of Traces"
    return t


def abstract(rng, length):
    sys_name = rng.choice(SYSNAMES)
    words = dict(sys=sys_name, noun_l=rng.choice(NOUN).lower(), ctx=rng.choice(CONTEXT)[4:],
                 ctx_l=rng.choice(CONTEXT).lower(), a=rng.randrange(12, 71), b=rng.randrange(8, 45))
    picked = [SENTENCES[1]] + rng.sample(SENTENCES[2:], length - 1)
    return " ".join(s.format(**words) for s in picked)


def bio(rng, name, length):
    first = name.split()[0]
    words = dict(name=name, first=first, role=rng.choice(ROLES), org=rng.choice(ORGS), org2=rng.choice(ORGS),
                 topic=rng.choice(NOUN).lower() + " " + rng.choice(CONTEXT).lower())
    picked = BIO[:1] + rng.sample(BIO[1:], min(length, len(BIO)) - 1)
    text = " ".join(s.format(**words) for s in picked)
    if length > len(BIO):  # the long ones: a bio as some speakers send it, several paragraphs
        text += "\n\n" + " ".join(s.format(**words) for s in rng.sample(BIO[1:], len(BIO) - 1))
    return text


def hhmm(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


# A day's timetable, in minutes after midnight: (start, end, what).
DAY_PLAN = [(510, 570, "keynote"), (570, 660, "oral"), (660, 690, "break"), (690, 780, "oral"),
            (780, 870, "lunch"), (870, 960, "oral"), (960, 990, "break"), (990, 1080, "oral"),
            (1050, 1110, "poster"), (1080, 1110, "closing")]  # the poster halls hold no oral sessions


class Builder:
    def __init__(self):
        self.rng = random.Random(SEED)
        self.names = Names(self.rng)
        self.ids = set()
        self.people = []
        self.sessions = []
        self.oral_ids = []  # what awards go to

    def new_person(self, with_bio=True):
        rng = self.rng
        name = self.names.person()
        p = {"id": slug(name, self.ids), "name": name}
        if rng.random() < 0.9:
            p["affiliation"] = rng.choice(ORGS)
        if with_bio and rng.random() < 0.7:
            p["bio"] = bio(rng, name, 9 if rng.random() < 0.08 else rng.randrange(2, 5))
        if rng.random() < 0.72:
            p["photo"] = f"stress-photos/p{rng.randrange(PHOTOS):02d}.png"
        self.people.append(p)
        return p["id"]

    def talk(self, day, start, end, *, kind="oral", authors=None):
        rng = self.rng
        t = {"id": None, "title": title(rng)}
        if kind in ("keynote", "invited"):
            t["title"] = t["title"].split(": ")[-1]
        t["id"] = slug(t["title"], self.ids)
        speaker = self.new_person()
        count = authors if authors else (rng.randrange(1, 9) if rng.random() < 0.9 else rng.randrange(9, 26))
        t["authors"] = [next(p["name"] for p in self.people if p["id"] == speaker)] + \
                       [self.names.person() for _ in range(count - 1)]
        t["speakers"] = [speaker]
        t["start"], t["end"] = f"{day}T{hhmm(start)}", f"{day}T{hhmm(end)}"
        if kind != "poster" or rng.random() < 0.5:
            t["abstract"] = abstract(rng, rng.randrange(3, 7))
        if rng.random() < 0.3:
            t["links"] = [{"kind": "pdf", "url": f"https://stress.example.org/papers/{t['id']}.pdf"}]
        if kind == "oral":
            self.oral_ids.append(t["id"])
        return t

    def session(self, day, start, end, kind, room, title_, talks=(), chairs=(), track=None):
        s = {"id": slug(f"{day}-{title_}-{room}", self.ids), "title": title_, "kind": kind,
             "start": f"{day}T{hhmm(start)}", "end": f"{day}T{hhmm(end)}", "room": ROOM_IDS[room]}
        if track:
            s["track"] = track
        if chairs:
            s["chairs"] = list(chairs)
        if talks:
            s["talks"] = list(talks)
        self.sessions.append(s)


def oral_counts(rng, blocks):
    """Talk counts per oral session (3-6), so that with the other talks there are TALKS."""
    # Besides the oral sessions: a keynote a day, two invited talks a day, 12 posters
    # in each poster hall each day.
    target = TALKS - len(DAYS) * (1 + 2 + 12 * len(POSTER_ROOMS))
    counts = [[rng.choice([3, 3, 3, 4, 4, 5, 6]) for _ in range(ORAL_PER_BLOCK)] for _ in range(blocks)]
    while sum(map(sum, counts)) != target:
        row, col = rng.randrange(blocks), rng.randrange(ORAL_PER_BLOCK)
        step = 1 if sum(map(sum, counts)) < target else -1
        if 3 <= counts[row][col] + step <= 6:
            counts[row][col] += step
    return counts


ROOM_IDS = {name: slug(name, set()) for name in ROOM_NAMES}


def track_of(index):
    return TRACKS[index % len(TRACKS)]


def oral_block(b, day, start, end, block, counts):
    rng = b.rng
    invited = block % 4 in (1, 2)  # an invited talk in two blocks a day, in a named hall
    hall = INVITED_ROOMS[block % len(INVITED_ROOMS)]
    rooms = rng.sample([r for r in ORAL_ROOMS if not (invited and r == hall)], ORAL_PER_BLOCK)
    for k, room in enumerate(sorted(rooms, key=ROOM_NAMES.index)):
        n = counts[block][k]
        each = (end - start) // n
        talks = [b.talk(day, start + i * each, start + (i + 1) * each) for i in range(n)]
        track, name, _ = track_of(block * 5 + k)
        b.session(day, start, end, "oral", room, f"{name}: {rng.choice(NOUN)} {block + 1}.{k + 1}", talks,
                  [b.new_person(with_bio=False)], track)
    if invited:
        t = b.talk(day, start, start + 60, kind="invited", authors=1)
        b.session(day, start, start + 60, "invited", hall, t["title"], [t])


def build():
    b = Builder()
    rng = b.rng
    counts = oral_counts(rng, 4 * len(DAYS))
    block = 0
    for day_index, (day, _) in enumerate(DAYS):
        for start, end, what in DAY_PLAN:
            if what == "keynote":
                chair = b.new_person(with_bio=False)
                t = b.talk(day, start, end, kind="keynote", authors=1)
                b.session(day, start, end, "keynote", MAIN, t["title"], [t], [chair])
            elif what in ("break", "lunch"):
                for room in BREAK_ROOMS:
                    b.session(day, start, end, "break", room, "Lunch" if what == "lunch" else "Coffee break")
            elif what == "oral":
                oral_block(b, day, start, end, block, counts)
                block += 1
            elif what == "poster":
                for room in POSTER_ROOMS:
                    posters = [b.talk(day, start, end, kind="poster") for _ in range(12)]
                    b.session(day, start, end, "poster", room, "Poster session", posters)
            elif what == "closing" and day_index == len(DAYS) - 1:
                b.session(day, start, end, "closing", MAIN, "Closing and awards")
    picks = rng.sample(b.oral_ids, 5)
    awards = [{"name": name, "talk": talk}
              for name, talk in zip(["Best Paper Award", "Best Paper Award", "Best Student Paper Award",
                                     "Distinguished Artefact Award", "Test of Time Award"], picks)]
    awards[-1]["note"] = "For the paper that, ten years on, changed how the community builds systems."
    return {
        "$schema": "hallboard-program.schema.json",
        "format": "hallboard-program",
        "version": 1,
        "comment": "Made by tools/make-stress-program.py: invented people and papers, for testing at scale.",
        "conference": {
            "name": "European Conference on Systems and Learning 2027 (stress test)",
            "short_name": "ECSL 2027",
            "venue": "Centro de Congressos de Lisboa",
            "url": "https://stress.example.org/",
            "time_zone": "Europe/Lisbon",
            "day_change": "05:00",
            "colors": {"primary": "#0b3954", "accent": "#e07a1f"},
        },
        "days": [{"date": d, "name": n} for d, n in DAYS],
        "rooms": [{"id": ROOM_IDS[name], "name": name} for name in ROOM_NAMES],
        "tracks": [{"id": i, "name": n, "color": c} for i, n, c in TRACKS],
        "people": b.people,
        "sessions": b.sessions,
        "awards": awards,
    }


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = argv[1] if len(argv) > 1 else os.path.join(root, "data", "stress-40-rooms.json")
    program = build()
    with open(out, "w", encoding="utf-8") as f:
        json.dump(program, f, indent=1, ensure_ascii=False)
        f.write("\n")
    photos = os.path.join(os.path.dirname(os.path.abspath(out)), "stress-photos")
    os.makedirs(photos, exist_ok=True)
    rng = random.Random(SEED + 1)
    for i in range(PHOTOS):
        with open(os.path.join(photos, f"p{i:02d}.png"), "wb") as f:
            f.write(photo(rng))
    talks = sum(len(s.get("talks", [])) for s in program["sessions"])
    print(f"{out}: {len(program['rooms'])} rooms, {len(program['sessions'])} sessions, {talks} talks, "
          f"{len(program['people'])} people", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
