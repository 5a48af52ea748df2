// The one reader of input files: regular files only, opened without blocking, bounded,
// with messages that say what the path really is; and quotes of input in messages that
// stay short and clean whatever the input.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <future>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/files.hpp"
#include "kiosk/kiosk_config.hpp"
#include "kiosk/kiosk_session.hpp"
#include "model/overrides.hpp"
#include "base/text.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace std::chrono_literals;
using namespace std::string_literals;
namespace fs = std::filesystem;

namespace {

const std::string kFiles = std::string(HALLBOARD_FIXTURES) + "/files/";

// readInputFile on another thread; fails the test (instead of hanging it) if the read
// has not returned within 10 s. A blocked thread is left behind, detached.
FileRead readWithin10s(const std::string& path, InputKind kind) {
    std::packaged_task<FileRead()> task([=] { return readInputFile(path, kind); });
    auto result = task.get_future();
    std::thread(std::move(task)).detach();
    REQUIRE(result.wait_for(10s) == std::future_status::ready);
    return result.get();
}

void makeSparse(const std::string& path, off_t size) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(fd >= 0);
    REQUIRE(::ftruncate(fd, size) == 0);
    ::close(fd);
}

bool validUtf8(const std::string& s) {
    for (std::size_t i = 0; i < s.size();) {
        std::size_t before = i;
        char32_t c = nextCodepoint(s, i);
        if (c == 0xFFFD && s.compare(before, 3, "\xEF\xBF\xBD") != 0) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("a FIFO is refused at once, not waited on") {
    TempDir dir;
    std::string fifo = dir.file("program.json");
    REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
    FileRead r = readWithin10s(fifo, InputKind::program);
    CHECK_FALSE(r.text);
    CHECK(r.error == "is a FIFO (named pipe), not a regular file");
    CHECK_FALSE(r.missing);

    // Through the loaders too: the program, the configuration, the overrides.
    auto program = loadProgramFile(fifo);
    REQUIRE_FALSE(program.ok());
    CHECK(format(program.diagnostics[0]) == fifo + ": error: is a FIFO (named pipe), not a regular file");
    CHECK(hasDiagnostic(loadKioskConfig(fifo).diagnostics, Severity::error, "", "FIFO"));
    auto overrides = loadOverridesFile(fifo);
    CHECK_FALSE(overrides.ok());
    CHECK(hasDiagnostic(overrides.diagnostics, Severity::error, "", "FIFO"));
}

TEST_CASE("devices, directories, links and missing files are named for what they are") {
    TempDir dir;
    CHECK(readWithin10s("/dev/zero", InputKind::import).error == "is a character device, not a regular file");
    CHECK(readInputFile(dir.path.string(), InputKind::program).error == "is a directory, not a file");

    std::string loop = dir.file("loop.json");
    fs::create_symlink(loop, loop);
    CHECK(readInputFile(loop, InputKind::program).error == "too many levels of symbolic links (a symbolic link loop?)");

    std::string dangling = dir.file("dangling.json");
    fs::create_symlink(dir.file("nowhere.json"), dangling);
    FileRead d = readInputFile(dangling, InputKind::program);
    CHECK(d.error == "is a symbolic link to a file that does not exist");
    CHECK_FALSE(d.missing);

    FileRead missing = readInputFile(dir.file("none.json"), InputKind::program);
    CHECK(missing.error == "file not found");
    CHECK(missing.missing);

    // A program that is a directory was "the file is empty" once.
    auto load = loadProgramFile(dir.path.string());
    REQUIRE_FALSE(load.ok());
    CHECK(load.diagnostics[0].message == "is a directory, not a file");

    std::string good = dir.file("good.json");
    std::ofstream(good) << "{}";
    fs::create_symlink(good, dir.file("link.json"));
    FileRead viaLink = readInputFile(dir.file("link.json"), InputKind::config);
    REQUIRE(viaLink.text);
    CHECK(*viaLink.text == "{}");

    if (::geteuid() != 0) {  // root reads anything
        fs::permissions(good, fs::perms::none);
        CHECK(readInputFile(good, InputKind::config).error == "cannot read the file: permission denied");
    }
}

TEST_CASE("files over their kind's limit are refused before they are read, with the limit") {
    TempDir dir;
    std::string big = dir.file("big.json");
    makeSparse(big, 65 * 1024 * 1024);  // sparse: costs no disk
    FileRead program = readInputFile(big, InputKind::program);
    CHECK_FALSE(program.text);
    CHECK(program.error == "the file is 65.0 MiB, more than the 16.0 MiB a program may have");
    // One byte past the program limit (#26.2: what the kiosk holds within its memory).
    std::string past = dir.file("past.json");
    makeSparse(past, 16 * 1024 * 1024 + 1);
    CHECK(readInputFile(past, InputKind::program).error ==
          "the file is 16.0 MiB, more than the 16.0 MiB a program may have");
    CHECK(readInputFile(big, InputKind::import).error ==
          "the file is 65.0 MiB, more than the 64.0 MiB an import input may have");

    std::string config = dir.file("kiosk.json");
    makeSparse(config, 1024 * 1024 + 1);
    CHECK(readInputFile(config, InputKind::config).error ==
          "the file is 1.0 MiB, more than the 1.0 MiB a configuration may have");
    CHECK(readInputFile(config, InputKind::overrides).error.find("1.0 MiB an overrides file may have") !=
          std::string::npos);
    makeSparse(config, 1024 * 1024);  // exactly the limit is read (and then refused: it is all zeros)
    CHECK(readInputFile(config, InputKind::config).error.find("more than") == std::string::npos);
    CHECK(readInputFile(config, InputKind::config).error.find("UTF-16") != std::string::npos);
}

TEST_CASE("UTF-16 and UTF-32 files are named as such") {
    auto le = loadProgramFile(kFiles + "program-utf16le-bom.json");
    REQUIRE_FALSE(le.ok());
    CHECK(le.diagnostics[0].message ==
          "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8");
    auto be = loadProgramFile(kFiles + "program-utf16be.json");
    REQUIRE_FALSE(be.ok());
    CHECK(be.diagnostics[0].message.find("looks like UTF-16") != std::string::npos);
    CHECK(be.diagnostics[0].message.find("save it as UTF-8") != std::string::npos);
    auto utf32 = loadProgramFile(kFiles + "program-utf32le-bom.json");
    REQUIRE_FALSE(utf32.ok());
    CHECK(utf32.diagnostics[0].message.find("UTF-32") != std::string::npos);
    // Text handed over in memory (fuzzers, tests) is checked the same way.
    std::string bom = "\xFF\xFE{\0}\0"s;
    CHECK(hasDiagnostic(parseKioskConfig(bom, "k.json", ".").diagnostics, Severity::error, "", "UTF-16"));
    // A UTF-8 byte order mark is fine.
    CHECK(encodingProblem("\xEF\xBB\xBF{}").empty());
}

TEST_CASE("quotes of input are short, one line and valid UTF-8") {
    CHECK(excerpt("short") == "short");
    CHECK(excerpt(std::string(200, 'x')) == std::string(80, 'x') + "\u2026");
    CHECK(excerpt("a\nb\tc\x01") == "a\\nb\\tc\\x01");
    CHECK(excerpt("Bad \xC3\x28 \xFF") == "Bad \uFFFD( \uFFFD");
    CHECK(excerpt("\xC0\x8A") == "\\n");  // an overlong newline is still a newline
    CHECK(excerpt("Gonçalves") == "Gonçalves");
    // Characters, not bytes: a cut never splits a character.
    CHECK(excerpt(std::string(79, 'a') + "üüü") == std::string(79, 'a') + "ü\u2026");
    // Bidi embeddings, overrides and isolates are spelled out: quoted in a log line, a
    // terminal or the kiosk's problem line, U+202E would turn the rest of it round.
    CHECK(excerpt("key\u202Egnp.exe") == "key\\u202egnp.exe");
    CHECK(excerpt("\u2066a\u2069 \u202A") == "\\u2066a\\u2069 \\u202a");
    CHECK(excerpt("\u0627\u200F") == "\u0627\u200F");  // a mark is no override: kept
}

TEST_CASE("invalid UTF-8 in a program is never echoed raw") {
    auto load = loadProgramFile(kFiles + "program-bad-utf8.json");
    REQUIRE_FALSE(load.ok());
    for (const Diagnostic& d : load.diagnostics) {
        INFO(format(d));
        CHECK(validUtf8(format(d)));
        CHECK(format(d).find('\xFF') == std::string::npos);
    }
    CHECK(hasDiagnostic(load, Severity::error, "line 1", "invalid JSON"));
}

TEST_CASE("a huge broken file gives a short message") {
    // 8 MB stands in for the 200 MB of the report: what matters is that the message
    // does not grow with the input.
    std::string huge(8 * 1024 * 1024, 'x');
    auto unterminated = parseProgram("{\"format\": \"" + huge, "big.json");
    REQUIRE_FALSE(unterminated.ok());
    auto wrongTime = parseProgram(
        programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [{"start": ")" + huge + R"(", "room": "r"}])"),
        "big.json");
    REQUIRE_FALSE(wrongTime.ok());
    auto unknownKey = parseProgram(programJson("UTC", "\"" + huge + "\": 1"), "big.json");
    auto duplicate = parseProgram(
        programJson("UTC", R"("rooms": [{"id": ")" + huge + R"("}, {"id": ")" + huge + R"("}])"), "big.json");
    for (const auto* load : {&unterminated, &wrongTime, &unknownKey, &duplicate}) {
        REQUIRE_FALSE(load->diagnostics.empty());
        for (const Diagnostic& d : load->diagnostics) {
            INFO(format(d).substr(0, 300));
            CHECK(format(d).size() < 1200);
        }
    }
    CHECK(hasDiagnostic(wrongTime, Severity::error, "/sessions/0/start", "found \"xxxxxxxx"));
    CHECK(hasDiagnostic(unknownKey, Severity::warning, "", "unknown key"));
    // The safety net under every message, whoever wrote it.
    Diagnostic raw{Severity::error, "f.txt", "line 1", huge};
    CHECK(format(raw).size() < kMaxMessageChars * 3 + 100);
    CHECK(format(raw).find("\u2026") != std::string::npos);
}

TEST_CASE("memory freed by a replaced program goes back to the system") {
#if defined(__GLIBC__)
    auto resident = [] {
        long pages = 0, rss = 0;
        std::ifstream("/proc/self/statm") >> pages >> rss;
        return rss * ::sysconf(_SC_PAGESIZE);
    };
    releaseFreedMemory();
    // Many small allocations, as a parsed program is, then one kept past them so that
    // the heap's top cannot shrink by itself.
    auto* blocks = new std::vector<std::string>();
    for (int i = 0; i < 400000; ++i) blocks->emplace_back(100, 'p');
    auto* pin = new std::string(100, 'k');
    long long full = resident();
    delete blocks;
    long long freed = resident();
    REQUIRE(releaseFreedMemory());
    long long trimmed = resident();
    delete pin;
    INFO("resident: " << full / 1048576 << " MB full, " << freed / 1048576 << " MB after free, " << trimmed / 1048576
                      << " MB after releaseFreedMemory");
    CHECK(freed - trimmed > 20 * 1024 * 1024);
#else
    SUCCEED("no malloc_trim here");
#endif
}

namespace {

std::string contents(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("the durable writer replaces a file whole, with the permissions asked for, and leaves nothing beside it") {
    TempDir dir;
    const std::string target = dir.file("program.json");
    std::string error;
    mode_t umask = ::umask(077);  // whatever the service's UMask, a status stays readable by the sync tool
    CHECK(writeDurably(target, "first", error));
    ::umask(umask);
    CHECK(contents(target) == "first");
    struct stat st {};
    REQUIRE(::stat(target.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0644);
    CHECK(writeDurably(target, std::string(300000, 'y'), error, {0600, false}));
    CHECK(contents(target).size() == 300000);
    REQUIRE(::stat(target.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    CHECK(namesIn(dir.path) == std::vector<std::string>{"program.json"});
    // A folder is made only when asked.
    CHECK_FALSE(writeDurably(dir.file("state/a/last-good.json"), "x", error));
    CHECK_THAT(error, Catch::Contains("No such file or directory (ENOENT)"));
    CHECK(writeDurably(dir.file("state/a/last-good.json"), "x", error, {0644, true}));
    CHECK(contents(dir.file("state/a/last-good.json")) == "x");
}

TEST_CASE("a durable write that fails part way keeps the old file whole, leaves no temporary and names the errno") {
    TempDir dir;
    const std::string target = dir.file("status.json");
    std::string error;
    REQUIRE(writeDurably(target, "old and whole", error));
    {
        FileSizeLimit full(4096);  // the disk fills after 4 KiB of the new file
        CHECK_FALSE(writeDurably(target, std::string(100000, 'n'), error));
    }
    CHECK_THAT(error, Catch::Contains("cannot write ") && Catch::Contains("File too large (EFBIG)"));
    CHECK(contents(target) == "old and whole");
    CHECK(namesIn(dir.path) == std::vector<std::string>{"status.json"});

    // Out of descriptors: the temporary cannot even be made.
    rlimit old{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &old) == 0);
    std::vector<int> held;
    {
        rlimit few = old;
        few.rlim_cur = 16;
        REQUIRE(::setrlimit(RLIMIT_NOFILE, &few) == 0);
        for (int fd; (fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;) held.push_back(fd);
        CHECK_FALSE(writeDurably(target, "new", error));
        for (int fd : held) ::close(fd);
        ::setrlimit(RLIMIT_NOFILE, &old);
    }
    CHECK_THAT(error, Catch::Contains("Too many open files (EMFILE)"));
    CHECK(contents(target) == "old and whole");
    CHECK(namesIn(dir.path) == std::vector<std::string>{"status.json"});

    // A target that is a folder: the rename fails, the temporary goes.
    std::filesystem::create_directory(dir.file("folder"));
    std::filesystem::create_directory(dir.file("folder/inside"));
    CHECK_FALSE(writeDurably(dir.file("folder"), "x", error));
    CHECK_THAT(error, Catch::Contains("cannot replace ") && Catch::Contains("(EISDIR)"));
    CHECK(namesIn(dir.path) == std::vector<std::string>{"folder", "status.json"});
}

TEST_CASE("stale temporaries of one target are removed, a live writer's and other files are not") {
    TempDir dir;
    const std::string target = dir.file("program.json");
    std::ofstream(dir.file(".program.json.hallboard-tmp-1-abcdef")) << "stale";
    std::ofstream(dir.file("program.json.tmp-99")) << "stale, an earlier version's";
    std::string mine = ".program.json.hallboard-tmp-" + std::to_string(::getpid()) + "-abcdef";
    std::ofstream(dir.file(mine)) << "this process is writing it";
    std::ofstream(dir.file(".other.json.hallboard-tmp-1-abcdef")) << "another target's";
    std::ofstream(dir.file("program.json")) << "the file";
    std::vector<std::string> removed = removeStaleTemporaries(target);
    CHECK(removed.size() == 2);
    CHECK(namesIn(dir.path) == std::vector<std::string>{".other.json.hallboard-tmp-1-abcdef", mine, "program.json"});
    CHECK(removeStaleTemporaries(dir.file("missing-folder/x.json")).empty());
}

TEST_CASE("the bounded reader reads a header of a large file, and a file that grows past its limit is refused") {
    TempDir dir;
    std::ofstream(dir.file("big.bin")) << std::string(10000, 'b');
    BoundedRead header = readBounded(dir.file("big.bin"), 24, true);
    REQUIRE(header.bytes);
    CHECK(header.bytes->size() == 24);
    BoundedRead whole = readBounded(dir.file("big.bin"), 9999);
    CHECK_FALSE(whole.bytes);
    CHECK(whole.problem == BoundedRead::Problem::tooLarge);
    CHECK(whole.size == 10000);
    BoundedRead fifo = readBounded("/dev/null", 10);
    CHECK(fifo.problem == BoundedRead::Problem::notRegular);
    BoundedRead missing = readBounded(dir.file("none"), 10);
    CHECK(missing.problem == BoundedRead::Problem::open);
    CHECK(missing.error == ENOENT);
}
