// See kiosk_touch.hpp.
#include "platform/kiosk_touch.hpp"
#include "model/wording.hpp"

#include "base/i18n.hpp"
#include "browse/speech_text.hpp"

namespace hallboard::platform {

Touch::Touch(const KioskSession& s)
    : browser(s.config.idleReturn), catalog(std::make_unique<browse::Catalog>(*s.program)) {
    browser.setRightToLeft(rightToLeftLanguage(s.config.language));
    input.bind(s.config.accessibility.keys);
}

void Touch::programChanged(const KioskSession& s) {
    catalog = std::make_unique<browse::Catalog>(*s.program);
    browser = browse::Browser(s.config.idleReturn);
    browser.setRightToLeft(rightToLeftLanguage(s.config.language));
    input.bind(s.config.accessibility.keys);
}

ui::BrowseView Touch::view(double now) {
    ui::BrowseView v;
    v.browser = &browser;
    v.directory = &catalog->directory();
    v.hits = &catalog->hits(browser.query());
    v.catalog = catalog.get();
    v.idleLeft = browser.idleLeft(now);
    return v;
}

browse::Effects Touch::apply(const browse::Input& in, double t, Rotation& rotation, Rotation::Steady at,
                             const Rotation::SubpageCount& count) {
    browse::Effects fx = browser.handle(in, t);
    if (fx.turnPage > 0) rotation.next(at, count);
    if (fx.turnPage < 0) rotation.previous(at, count);
    fx.redraw = fx.redraw || fx.turnPage != 0;
    return fx;
}

std::string Touch::speech(const ui::KioskView& view) {
    browse::SpeechSource source{view.program, view.scheduler, view.wayfinding, &catalog->directory(), view.now};
    return browse::placeSpeech(source, browser, catalog->hits(browser.query()).size());
}

std::optional<std::string> Touch::idleWarning(double t, bool voice) {
    bool browsing = voice && browser.browsing();
    if (auto seconds = idleVoice.update(browsing, browsing ? browser.idleLeft(t) : 0.0))
        return browse::idleSpeech(*seconds);
    return std::nullopt;
}

std::string describe(Touch& touch, const Program& p) {
    const browse::Browser& b = touch.browser;
    const browse::Place& here = b.here();
    std::string out = browse::toString(here.view);
    auto quoted = [](const std::string& s) { return " \"" + s + "\""; };
    switch (here.view) {
    case browse::View::session:
        if (here.item < p.sessions.size()) out += quoted(sessionTitle(p.sessions[here.item]));
        break;
    case browse::View::talk:
        if (here.item < p.talks.size()) out += quoted(headline(p.talks[here.item]));
        break;
    case browse::View::person:
        if (here.item < touch.catalog->directory().size()) out += quoted(touch.catalog->directory()[here.item].name);
        break;
    case browse::View::room:
        if (here.item < p.rooms.size()) out += quoted(p.rooms[here.item].name);
        break;
    case browse::View::search: {
        std::size_t n = touch.catalog->hits(b.query()).size();
        out += quoted(b.query()) + ": " + std::to_string(n) + (n == 1 ? " talk" : " talks");
        break;
    }
    case browse::View::schedule:
        out += " day " + std::to_string(b.day() + 1);
        if (b.room() != browse::Action::all && b.room() < p.rooms.size()) out += ", " + p.rooms[b.room()].name;
        if (b.track() != browse::Action::all && b.track() < p.tracks.size()) out += ", " + p.tracks[b.track()].name;
        break;
    default: break;
    }
    return out;
}

std::optional<browse::InputScript> loadScript(const std::string& path, std::ostream& log) {
    Diagnostics diags(path);
    auto script = browse::loadInputScript(path, diags);
    for (const Diagnostic& d : diags.items()) log << format(d) << "\n";
    return script;
}

}  // namespace hallboard::platform
