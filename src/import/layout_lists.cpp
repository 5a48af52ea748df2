// Readers for the three list layouts without times:
//
// Accepted-paper list              arXiv listing                  Award page
//   MLSYS.2023                       <abstract paragraph>           Outstanding Paper Award
//   | Total: 46                      <comments, optional>           |
//   #1 Title [PDF3] [Copy] [REL]     arXiv:2008.06798 - doi: ...    [ Exhibit Hall A ] abstract... |
//   Authors: A, B, C                 Created: 2020-08-15
//   <abstract paragraphs>
#include <regex>

#include "core/text.hpp"
#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

namespace {

std::string where(std::size_t line) { return "line " + std::to_string(line); }

bool endsLikeSentence(const std::string& text) {
    std::string_view t = trimView(text);
    if (t.empty()) return false;
    char c = t.back();
    return !endsWithEllipsis(t) && (c == '.' || c == '!' || c == '?' || c == ')' || c == '"');
}

}  // namespace

void readPaperList(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    static const std::regex entry(R"(^#(\d+)\s+(.+)$)");
    static const std::regex trailingTag(R"(\s*\[[^\]]*\]\s*$)");
    static const std::regex total(R"(^\|?\s*Total:\s*(\d+)\s*$)", std::regex::icase);
    static const std::regex authors(R"(^Authors?:\s*(.*)$)", std::regex::icase);
    Diagnostics& report = ctx.report;

    struct Entry {
        std::size_t line;
        int number;
        std::string title;
        std::vector<std::string> authors;
        std::vector<std::string> abstract;
    };
    std::vector<Entry> entries;
    std::optional<int> expected;
    std::string label;

    for (const Paragraph& p : splitParagraphs(text)) {
        std::smatch m;
        const std::string first = p.lines[0];
        if (std::regex_match(first, m, entry)) {
            std::string title = m[2].str();
            std::string stripped;
            while (true) {  // "[PDF3] [Copy] [Kimi9] [REL]" are page buttons
                stripped = std::regex_replace(title, trailingTag, "");
                if (stripped == title) break;
                title = stripped;
            }
            entries.push_back({p.line, std::stoi(m[1].str()), trim(title), {}, {}});
            continue;
        }
        if (std::regex_match(first, m, total)) {
            expected = std::stoi(m[1].str());
            continue;
        }
        if (entries.empty()) {
            if (label.empty()) label = first;
            else report.note(where(p.line), "\"" + shorten(first, 60) + "\" before the first paper skipped");
            continue;
        }
        if (std::regex_match(first, m, authors) && entries.back().authors.empty()) {
            entries.back().authors = dedupeNames(splitNames(m[1].str()), where(p.line), report);
            continue;
        }
        entries.back().abstract.push_back(p.joined());
    }

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
    for (const Entry& e : entries) {
        if (e.number != previous + 1)
            report.note(where(e.line), "paper #" + std::to_string(e.number) + " follows #" + std::to_string(previous));
        previous = e.number;
        Talk talk;
        talk.title = e.title;
        talk.authors = e.authors;
        talk.abstract = joinParagraphs(e.abstract);
        if (e.authors.empty()) report.warn(where(e.line), "paper #" + std::to_string(e.number) + " has no authors line");
        if (e.abstract.empty()) report.warn(where(e.line), "paper #" + std::to_string(e.number) + " has no abstract");
        else if (&e == &entries.back() && !endsLikeSentence(e.abstract.back()))
            report.warn(where(e.line), "the abstract of paper #" + std::to_string(e.number) + " looks cut short");
        builder.addTalk(std::move(talk), std::nullopt);
        ctx.summary.events += 1;
        ctx.summary.kept += 1;
    }
}

void readArxivListing(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    static const std::regex idLine(R"(^arXiv:(\d{4}\.\d{4,5})(v\d+)?(?:\s*-\s*doi:\s*(\S+))?\s*$)", std::regex::icase);
    static const std::regex created(R"(^(?:Created|Submitted|Published):\s*(\d{4}-\d{2}-\d{2}).*$)", std::regex::icase);
    Diagnostics& report = ctx.report;

    std::vector<Paragraph> pending;
    auto flush = [&](const std::string& id, const std::string& doi, const std::string& date, std::size_t line) {
        Talk talk;
        std::vector<std::string> abstract;
        std::string comments;
        for (std::size_t i = 0; i < pending.size(); ++i) {
            std::string paragraph = pending[i].joined();
            // The short paragraph after the abstract is arXiv's comments field.
            if (i > 0 && i + 1 == pending.size() && paragraph.size() < 240) comments = paragraph;
            else abstract.push_back(paragraph);
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
        if (id.empty()) report.warn(where(line), "entry without an arXiv id; kept, shown as \"" + headline(talk) + "\"");
        if (talk.abstract.empty()) report.warn(where(line), "arXiv:" + id + " has no abstract");
        builder.addTalk(std::move(talk), std::nullopt);
        ctx.summary.events += 1;
        ctx.summary.kept += 1;
        pending.clear();
    };

    std::string id, doi;
    std::size_t idLineNo = 0;
    for (const Paragraph& p : splitParagraphs(text)) {
        std::smatch m;
        bool isId = std::regex_match(p.lines[0], m, idLine);
        if (!isId) {
            if (!id.empty()) flush(id, doi, "", idLineNo);  // an id without its "Created:" line
            id.clear();
            pending.push_back(p);
            continue;
        }
        id = m[1].str();
        doi = m[3].matched ? m[3].str() : "";
        idLineNo = p.line;
        std::string date;
        for (std::size_t i = 1; i < p.lines.size(); ++i)
            if (std::smatch c; std::regex_match(p.lines[i], c, created)) date = c[1].str();
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
    static const std::regex awardName(R"(^(.*\b(?:Award|Awards|Prize|Mention))\s*$)", std::regex::icase);
    static const std::regex roomLine(R"(^\[\s*([^\]]*?)\s*\]\s*(.*)$)");
    Diagnostics& report = ctx.report;

    struct Entry {
        std::size_t line;
        std::string name, room;
        std::vector<std::string> abstract;
        bool closed = false;
        bool inBody = false;
    };
    std::vector<Entry> entries;
    auto lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string line = trim(lines[i]);
        std::size_t lineNo = i + 1;
        if (line.empty()) continue;
        std::smatch m;
        bool open = !entries.empty() && !entries.back().closed;
        if ((!open || !entries.back().inBody) && std::regex_match(line, m, awardName)) {
            if (open && entries.back().inBody) entries.back().closed = true;
            entries.push_back({lineNo, trim(m[1].str()), {}, {}, false, false});
            continue;
        }
        if (entries.empty() || entries.back().closed) {
            report.note(where(lineNo), "\"" + shorten(line, 60) + "\" outside any award skipped");
            continue;
        }
        Entry& e = entries.back();
        if (line == "|") {
            if (e.inBody) e.closed = true;
            else e.inBody = true;
            continue;
        }
        e.inBody = true;
        if (std::regex_match(line, m, roomLine) && e.room.empty() && e.abstract.empty()) {
            e.room = m[1].str();
            line = trim(m[2].str());
            if (line.empty()) continue;
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

    for (const Entry& e : entries) {
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
