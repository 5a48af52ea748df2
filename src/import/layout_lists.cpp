// Readers for the three list layouts without times:
//
// Accepted-paper list              arXiv listing                  Award page
//   MLSYS.2023                       <abstract paragraph>           Outstanding Paper Award
//   | Total: 46                      <comments, optional>           |
//   #1 Title [PDF3] [Copy] [REL]     arXiv:2008.06798 - doi: ...    [ Exhibit Hall A ] abstract... |
//   Authors: A, B, C                 Created: 2020-08-15
//   <abstract paragraphs>
#include <charconv>
#include <string_view>

#include "base/text.hpp"
#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/scan.hpp"
#include "import/text_layout.hpp"
#include "model/wording.hpp"

namespace hallboard::import {

namespace {

std::string where(std::size_t line) {
    return "line " + std::to_string(line);
}

// No conference has a million papers: a bigger number is a page that is not a paper
// list, or a number run together with the text after it ("#2021123 ..."), and says so
// rather than wrapping around or ending the import with a library's "stoi".
constexpr int kMaxPaperNumber = 1'000'000;

int paperNumber(std::string_view digits, std::size_t line, const char* what) {
    int value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || end != digits.data() + digits.size() || value > kMaxPaperNumber)
        throw InputError(where(line), std::string(what) + " \"" + shorten(std::string(digits), 24) +
                                          "\" is larger than any paper list (at most " +
                                          std::to_string(kMaxPaperNumber) + ")");
    return value;
}

bool endsLikeSentence(const std::string& text) {
    std::string_view t = trimView(text);
    if (t.empty()) return false;
    char c = t.back();
    return !endsWithEllipsis(t) && (c == '.' || c == '!' || c == '?' || c == ')' || c == '"');
}

// The line patterns of the three layouts. Each comment gives the regular expression the
// scanner stands for (matched against the whole line; "ignoring case" where it did).

struct PaperEntry {
    std::string_view number, title;
};

// ^#(\d+)\s+(.+)$
std::optional<PaperEntry> paperEntry(std::string_view line) {
    scan::Cursor c(line);
    std::size_t from = c.pos() + 1;
    if (!c.optional('#') || !c.digits(1)) return std::nullopt;
    std::string_view number = c.since(from);
    auto title = scan::spacesThenRest(c, 1);
    if (!title) return std::nullopt;
    return PaperEntry{number, *title};
}

// The title without the page buttons at its end ("[PDF3] [Copy] [Kimi9] [REL]"): what
// removing \s*\[[^\]]*\]\s*$ until nothing changed did. Each round removes the last
// bracket and the white space before it.
std::string_view withoutTrailingTags(std::string_view title) {
    while (true) {
        std::string_view core = scan::trimEnd(title);
        if (core.empty() || core.back() != ']') return title;
        std::size_t close = core.size() - 1;
        std::size_t previous = close == 0 ? std::string_view::npos : core.rfind(']', close - 1);
        std::size_t open = core.find('[', previous == std::string_view::npos ? 0 : previous + 1);
        if (open >= close) return title;
        while (open > 0 && scan::isSpace(core[open - 1])) --open;
        title = title.substr(0, open);
    }
}

// ^\|?\s*Total:\s*(\d+)\s*$   ignoring case
std::optional<std::string_view> totalLine(std::string_view line) {
    scan::Cursor c(line);
    c.optional('|');
    c.skipSpaces();
    if (!c.literalNoCase("total:")) return std::nullopt;
    c.skipSpaces();
    std::size_t from = c.pos();
    if (!c.digits(1)) return std::nullopt;
    std::string_view number = c.since(from);
    if (!c.spacesToEnd()) return std::nullopt;
    return number;
}

// ^Authors?:\s*(.*)$   ignoring case
std::optional<std::string_view> authorsLine(std::string_view line) {
    scan::Cursor c(line);
    if (!c.literalNoCase("author")) return std::nullopt;
    c.oneOf("sS");
    if (!c.optional(':')) return std::nullopt;
    c.skipSpaces();
    if (scan::hasLineBreak(c.rest())) return std::nullopt;
    return c.rest();
}

struct ArxivIdLine {
    std::string_view id, doi;
};

// ^arXiv:(\d{4}\.\d{4,5})(v\d+)?(?:\s*-\s*doi:\s*(\S+))?\s*$   ignoring case
std::optional<ArxivIdLine> arxivIdLine(std::string_view line) {
    scan::Cursor c(line);
    if (!c.literalNoCase("arxiv:")) return std::nullopt;
    std::size_t from = c.pos();
    if (!c.digits(4, 4) || !c.optional('.') || !c.digits(4, 5)) return std::nullopt;
    ArxivIdLine out;
    out.id = c.since(from);
    std::size_t save = c.pos();
    if (!c.oneOf("vV") || !c.digits(1)) c.seek(save);  // the version, "v2"
    save = c.pos();
    c.skipSpaces();
    bool doi = c.optional('-');
    if (doi) {
        c.skipSpaces();
        doi = c.literalNoCase("doi:");
    }
    if (doi) {
        c.skipSpaces();
        std::size_t start = c.pos();
        while (!c.atEnd() && !scan::isSpace(c.peek())) c.seek(c.pos() + 1);
        out.doi = c.since(start);
        doi = !out.doi.empty();
    }
    if (!doi) {
        out.doi = {};
        c.seek(save);
    }
    if (!c.spacesToEnd()) return std::nullopt;
    return out;
}

// ^(?:Created|Submitted|Published):\s*(\d{4}-\d{2}-\d{2}).*$   ignoring case
std::optional<std::string_view> createdLine(std::string_view line) {
    scan::Cursor c(line);
    if (!c.literalNoCase("created:") && !c.literalNoCase("submitted:") && !c.literalNoCase("published:"))
        return std::nullopt;
    c.skipSpaces();
    std::size_t from = c.pos();
    if (!c.digits(4, 4) || !c.optional('-') || !c.digits(2, 2) || !c.optional('-') || !c.digits(2, 2))
        return std::nullopt;
    if (scan::hasLineBreak(c.rest())) return std::nullopt;
    return c.since(from);
}

// ^(.*\b(?:Award|Awards|Prize|Mention))\s*$   ignoring case: the line up to its trailing
// white space, when that ends in one of the words standing alone.
std::optional<std::string_view> awardNameLine(std::string_view line) {
    std::string_view core = scan::trimEnd(line);
    for (std::string_view word : {"award", "awards", "prize", "mention"}) {
        if (!scan::endsWithNoCase(core, word)) continue;
        std::size_t at = core.size() - word.size();
        if (at > 0 && scan::isWordChar(core[at - 1])) return std::nullopt;
        if (scan::hasLineBreak(core.substr(0, at))) return std::nullopt;
        return core;
    }
    return std::nullopt;
}

struct RoomLine {
    std::string_view room, rest;
};

// ^\[\s*([^\]]*?)\s*\]\s*(.*)$: "[ Exhibit Hall A ] abstract..."
std::optional<RoomLine> roomLine(std::string_view line) {
    if (line.empty() || line.front() != '[') return std::nullopt;
    std::size_t close = line.find(']', 1);
    if (close == std::string_view::npos) return std::nullopt;
    scan::Cursor c(line, close + 1);
    c.skipSpaces();
    if (scan::hasLineBreak(c.rest())) return std::nullopt;
    return RoomLine{trimView(line.substr(1, close - 1)), c.rest()};
}

struct PaperEntryText {
    std::size_t line;
    int number;
    std::string title;
    std::vector<std::string> authors;
    std::vector<std::string> abstract;
};

struct PaperList {
    std::vector<PaperEntryText> entries;
    std::optional<int> expected;  // "Total: 46"
    std::string label;            // the first line: "MLSYS.2023"
};

// The list as written: its label, its count, each entry with its authors and abstract.
PaperList readPaperEntries(const std::string& text, Diagnostics& report) {
    PaperList list;
    auto& entries = list.entries;
    for (const Paragraph& p : splitParagraphs(text)) {
        const std::string& first = p.lines[0];
        if (auto entry = paperEntry(first)) {
            // "[PDF3] [Copy] [Kimi9] [REL]" are page buttons
            entries.push_back({p.line,
                               paperNumber(entry->number, p.line, "paper number"),
                               trim(withoutTrailingTags(entry->title)),
                               {},
                               {}});
            continue;
        }
        if (auto total = totalLine(first)) {
            list.expected = paperNumber(*total, p.line, "the paper count after \"Total:\"");
            continue;
        }
        if (entries.empty()) {
            if (list.label.empty())
                list.label = first;
            else
                report.note(where(p.line), "\"" + shorten(first, 60) + "\" before the first paper skipped");
            continue;
        }
        auto authors = authorsLine(first);
        if (authors && entries.back().authors.empty()) {
            entries.back().authors = dedupeNames(splitNames(*authors), where(p.line), report);
            continue;
        }
        entries.back().abstract.push_back(p.joined());
    }
    return list;
}

// An award's entry: "[ Room ] abstract...", ended by "|".
struct AwardEntry {
    std::size_t line;
    std::string name, room;
    std::vector<std::string> abstract;
    bool closed = false;
    bool inBody = false;
};

// One line inside an award's entry: "|" opens or closes the body, the first line may
// name the room, a line ending in "|" is the last of the abstract.
void readAwardLine(std::string line, AwardEntry& e) {
    if (line == "|") {
        if (e.inBody)
            e.closed = true;
        else
            e.inBody = true;
        return;
    }
    e.inBody = true;
    if (e.room.empty() && e.abstract.empty()) {
        if (auto room = roomLine(line)) {
            e.room = room->room;
            line = trim(room->rest);
            if (line.empty()) return;
        }
    }
    if (line.size() >= 2 && line.substr(line.size() - 2) == " |") {
        line = trim(line.substr(0, line.size() - 2));
        e.closed = true;
    } else if (line.back() == '|') {
        line.pop_back();
        line = trim(line);
        e.closed = true;
    }
    if (!line.empty()) e.abstract.push_back(line);
}

// Every award on the page with its room and abstract, as written.
std::vector<AwardEntry> readAwardEntries(const std::string& text, Diagnostics& report) {
    std::vector<AwardEntry> entries;
    auto lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string line = trim(lines[i]);
        std::size_t lineNo = i + 1;
        if (line.empty()) continue;
        bool open = !entries.empty() && !entries.back().closed;
        std::optional<std::string_view> awardName;
        if (!open || !entries.back().inBody) awardName = awardNameLine(line);
        if (awardName) {
            if (open && entries.back().inBody) entries.back().closed = true;
            entries.push_back({lineNo, trim(*awardName), {}, {}, false, false});
            continue;
        }
        if (entries.empty() || entries.back().closed) {
            report.note(where(lineNo), "\"" + shorten(line, 60) + "\" outside any award skipped");
            continue;
        }
        readAwardLine(std::move(line), entries.back());
    }
    return entries;
}

// What an arXiv entry's id line (and the "Created:" line under it) says, and where.
struct ArxivEntryIds {
    const std::string& id;
    const std::string& doi;
    const std::string& date;
    std::size_t line = 0;
};

// One arXiv entry: the paragraphs before its id line (the abstract, then perhaps the
// comments), its id and DOI as links, its date in the note.
void addArxivEntry(const std::vector<Paragraph>& paragraphs, const ArxivEntryIds& ids, ProgramBuilder& builder,
                   Context& ctx) {
    const std::string &id = ids.id, &doi = ids.doi, &date = ids.date;
    const std::size_t line = ids.line;
    Talk talk;
    std::vector<std::string> abstract;
    std::string comments;
    for (std::size_t i = 0; i < paragraphs.size(); ++i) {
        std::string paragraph = paragraphs[i].joined();
        // The short paragraph after the abstract is arXiv's comments field.
        if (i > 0 && i + 1 == paragraphs.size() && paragraph.size() < 240)
            comments = paragraph;
        else
            abstract.push_back(paragraph);
    }
    talk.abstract = joinParagraphs(abstract);
    std::string note;
    if (!date.empty()) note = "arXiv, " + date + ".";
    if (!comments.empty()) note += (note.empty() ? "" : " ") + comments;
    talk.note = note;
    if (!id.empty()) {
        talk.id = "arxiv-" + id;
        talk.links.push_back({"arxiv", "https://arxiv.org/abs/" + id});
        talk.links.push_back({"pdf", "https://arxiv.org/pdf/" + id});
    }
    if (!doi.empty()) talk.links.push_back({"doi", "https://doi.org/" + doi});
    if (id.empty())
        ctx.report.warn(where(line), "entry without an arXiv id; kept, shown as \"" + headline(talk) + "\"");
    if (talk.abstract.empty()) ctx.report.warn(where(line), "arXiv:" + id + " has no abstract");
    builder.addTalk(std::move(talk), std::nullopt);
    ctx.summary.events += 1;
    ctx.summary.kept += 1;
}

}  // namespace

void readPaperList(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    auto [entries, expected, label] = readPaperEntries(text, report);
    if (ctx.options.name.empty() && !label.empty()) {
        std::string name = label;
        std::replace(name.begin(), name.end(), '.', ' ');
        builder.program().conference.shortName = name;
        report.note("line 1", "conference name \"" + name + "\" taken from the first line (use --name to set it)");
    }
    if (expected && static_cast<std::size_t>(*expected) != entries.size())
        report.warn("", "the list says " + std::to_string(*expected) + " papers; this input holds " +
                            std::to_string(entries.size()) + " of them");
    int previous = 0;
    for (const PaperEntryText& e : entries) {
        if (e.number != previous + 1)
            report.note(where(e.line), "paper #" + std::to_string(e.number) + " follows #" + std::to_string(previous));
        previous = e.number;
        Talk talk;
        talk.title = e.title;
        talk.authors = e.authors;
        talk.abstract = joinParagraphs(e.abstract);
        if (e.authors.empty())
            report.warn(where(e.line), "paper #" + std::to_string(e.number) + " has no authors line");
        if (e.abstract.empty())
            report.warn(where(e.line), "paper #" + std::to_string(e.number) + " has no abstract");
        else if (&e == &entries.back() && !endsLikeSentence(e.abstract.back()))
            report.warn(where(e.line), "the abstract of paper #" + std::to_string(e.number) + " looks cut short");
        builder.addTalk(std::move(talk), std::nullopt);
        ctx.summary.events += 1;
        ctx.summary.kept += 1;
    }
}

void readArxivListing(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    std::vector<Paragraph> pending;
    auto flush = [&](const std::string& id, const std::string& doi, const std::string& date, std::size_t line) {
        addArxivEntry(pending, {id, doi, date, line}, builder, ctx);
        pending.clear();
    };
    std::string id, doi;
    std::size_t idLineNo = 0;
    for (const Paragraph& p : splitParagraphs(text)) {
        auto idLine = arxivIdLine(p.lines[0]);
        if (!idLine) {
            if (!id.empty()) flush(id, doi, "", idLineNo);  // an id without its "Created:" line
            id.clear();
            pending.push_back(p);
            continue;
        }
        id = idLine->id;
        doi = idLine->doi;
        idLineNo = p.line;
        std::string date;
        for (std::size_t i = 1; i < p.lines.size(); ++i)
            if (auto created = createdLine(p.lines[i])) date = *created;
        if (pending.empty()) report.warn(where(p.line), "arXiv:" + id + " has no abstract before it");
        flush(id, doi, date, p.line);
        id.clear();
    }
    if (!id.empty()) flush(id, doi, "", idLineNo);
    if (!pending.empty()) {
        report.warn(where(pending.front().line), "text after the last arXiv id has no id; kept as an untitled entry");
        flush("", "", "", pending.front().line);
    }
    if (ctx.summary.kept > 0) report.note("", "arXiv listings carry no titles; entries are shown by their arXiv id");
    if (ctx.options.name.empty() && builder.program().conference.name.empty())
        builder.program().conference.name = "Reading list";
}

void readAwardPage(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    for (const AwardEntry& e : readAwardEntries(text, report)) {
        Talk talk;
        talk.abstract = joinParagraphs(e.abstract);
        std::string w = where(e.line);
        if (!e.closed || (!e.abstract.empty() && !endsLikeSentence(e.abstract.back())))
            report.warn(w, "the abstract of the \"" + e.name + "\" paper is cut short in the input");
        if (talk.abstract.empty()) report.warn(w, "\"" + e.name + "\" has no abstract");
        report.warn(w, "\"" + e.name + "\" names no paper title; kept with its abstract, shown as \"" + headline(talk) +
                           "\" until merged with a source that has the title");
        Index t = builder.addTalk(std::move(talk), std::nullopt);
        Award award;
        award.name = e.name;
        award.talk = t;
        if (!e.room.empty()) award.room = builder.room(e.room);
        builder.addAward(std::move(award));
        ctx.summary.events += 1;
        ctx.summary.kept += 1;
    }
}

}  // namespace hallboard::import
