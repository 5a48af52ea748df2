#!/usr/bin/env python3
"""The same day as the kiosk's now & next page, as a static HTML page, for the Chromium
kiosk it is compared with in the virtual Pi (tools/vm/compare-chromium.py):

  day_html.py PROGRAM.json AT OUT.html      AT: the instant, e.g. 2021-04-06T10:45

Made from the same program file the kiosk shows, for the same instant: the sessions on
now (with their talks) and the ones starting next, with the conference's name and the
time. Static (no animation, no script): once drawn, the page stays the same picture, as
the kiosk's page does under a fixed clock, so "first frame" means the same on both
sides. The fonts are the kiosk's (Inter, from fonts-inter, a dependency of the .deb).
"""
import html
import json
import sys


def hhmm(text):
    return text[11:16]


def day_html(program, at):
    conf = program["conference"]["name"]
    rooms = {r["id"]: r["name"] for r in program.get("rooms", [])}
    people = {p["id"]: p.get("name", "") for p in program.get("people", [])}
    sessions = sorted(program["sessions"], key=lambda s: s["start"])
    now = [s for s in sessions if s["start"] <= at < s["end"]]
    later = [s for s in sessions if s["start"] > at]
    nxt = [s for s in later if s["start"] == later[0]["start"]] if later else []

    def esc(t):
        return html.escape(str(t))

    def names(t):
        return ", ".join(people.get(a, a) if isinstance(a, str) else str(a) for a in t.get("authors", t.get("speakers", [])))

    def card(label, s, limit):
        talks = "".join(f"<li><b>{esc(t.get('title', ''))}</b><br><span class=m>{esc(names(t))}</span></li>"
                        for t in s.get("talks", [])[:limit])
        return (f"<div class=card><div class=label>{label} · {esc(rooms.get(s.get('room'), ''))}</div>"
                f"<h2>{esc(s.get('title', ''))}</h2><div class=m>{hhmm(s['start'])}–{hhmm(s['end'])}</div>"
                f"<ul>{talks}</ul></div>")

    cards = "".join(card("Now", s, 3) for s in now) + "".join(card("Next", s, 1) for s in nxt)
    if not cards:
        cards = "<p class=m>Nothing on right now</p>"
    return f"""<!doctype html><html><head><meta charset=utf-8><title>{esc(conf)}</title><style>
html,body{{margin:0;height:100%;background:#101418;color:#eef;font:20px Inter,sans-serif;overflow:hidden}}
header{{height:72px;display:flex;align-items:center;justify-content:space-between;padding:0 32px;font-size:32px;background:#182028}}
main{{padding:12px 32px;columns:2;column-gap:24px}}
h2{{font-size:24px;margin:4px 0}} .m{{color:#9ab}} .label{{color:#f96;font-weight:bold}}
.card{{background:#182028;border-radius:10px;padding:10px 18px;margin-bottom:14px;break-inside:avoid}}
ul{{list-style:none;padding:0;margin:6px 0}} li{{margin:6px 0;font-size:17px}}
</style></head><body><header><span>{esc(conf)}</span><span>{hhmm(at)}</span></header>
<main>{cards}</main></body></html>
"""


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        program = json.load(f)
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        f.write(day_html(program, sys.argv[2]))


if __name__ == "__main__":
    main()
