// What a hostile or unlucky file must not do to the screen: photos and logos checked
// before decoding and decoded off the render thread, a page that throws, the cursor.
#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <set>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include <imgui.h>
#include <nlohmann/json.hpp>
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include "cli_support.hpp"
#include "kiosk/kiosk_session.hpp"
#include "platform/font_catalog.hpp"
#include "platform/font_file.hpp"
#include "platform/image_file.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/sdl_images.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::platform;
using hallboard::test::at;
using hallboard::test::hallboardRun;
using hallboard::test::Run;

namespace {

namespace fs = std::filesystem;

// A directory of its own for each test, removed after.
struct TempDir {
    fs::path path;
    TempDir() {
        std::random_device rd;
        path =
            fs::temp_directory_path() / ("hallboard-render-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

void writeFile(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary);
    f << bytes;
}

std::uint32_t crc32(const std::string& data) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char b : data) {
        crc ^= b;
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

// A PNG signature and IHDR chunk (8-bit RGBA), written by hand: the header a check must
// read, with no picture behind it.
std::string pngHeader(std::uint32_t w, std::uint32_t h) {
    std::string ihdr = "IHDR" + be32(w) + be32(h) + std::string("\x08\x06\x00\x00\x00", 5);
    return std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + ihdr + be32(crc32(ihdr));
}

// A JPEG start and a baseline frame header (SOF0, three components).
std::string jpegHeader(std::uint16_t w, std::uint16_t h) {
    std::string s("\xFF\xD8\xFF\xC0\x00\x11\x08", 7);
    s += static_cast<char>(h >> 8);
    s += static_cast<char>(h & 0xFF);
    s += static_cast<char>(w >> 8);
    s += static_cast<char>(w & 0xFF);
    s += std::string("\x03\x01\x11\x00\x02\x11\x00\x03\x11\x00", 10);
    return s;
}

// A real PNG of one colour, made with stb_image_write.
void writePng(const std::string& path, int w, int h, std::array<unsigned char, 4> rgba) {
    std::vector<unsigned char> px(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    for (std::size_t i = 0; i < px.size(); i += 4)
        std::copy(rgba.begin(), rgba.end(), px.begin() + static_cast<long>(i));
    REQUIRE(stbi_write_png(path.c_str(), w, h, 4, px.data(), w * 4));
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

struct SoftwareTarget {
    SurfacePtr surface{SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ABGR8888)};
    RendererPtr renderer{SDL_CreateSoftwareRenderer(surface.get())};
};

}  // namespace

TEST_CASE("a picture's header is checked before anything is decoded") {
    ImageLimits limits;
    std::string error;
    // The crash of the issue: 262,113 x 1 pixels. And 16384 x 16384 (2.1 GB decoded).
    CHECK_FALSE(checkImageHeader(pngHeader(262113, 1), limits, error));
    CHECK(error == "262113 x 1 pixels: a side is above 4096");
    CHECK_FALSE(checkImageHeader(pngHeader(16384, 16384), limits, error));
    CHECK(error.find("16384 x 16384 pixels") == 0);
    CHECK_FALSE(checkImageHeader(pngHeader(1, 5000), limits, error));
    CHECK_FALSE(checkImageHeader(pngHeader(4096, 4096), limits, error));  // each side allowed, not their product
    CHECK(error.find("megapixels") != std::string::npos);
    CHECK_FALSE(checkImageHeader(jpegHeader(60000, 2), limits, error));
    CHECK(error.find("60000 x 2 pixels") == 0);
    CHECK_FALSE(checkImageHeader(pngHeader(0, 10), limits, error));  // stb refuses a zero side itself
    CHECK_FALSE(checkImageHeader("", limits, error));
    CHECK(error == "the file is empty");
    CHECK_FALSE(checkImageHeader("GIF89a\x01\x00\x01\x00", limits, error));
    CHECK(error == "not a PNG or JPEG image");
    CHECK_FALSE(checkImageHeader(std::string("\x89PNG\r\n\x1a\n", 8), limits, error));  // cut after the signature
    CHECK(error.find("a broken PNG header") == 0);

    auto ok = checkImageHeader(pngHeader(4000, 3000), limits, error);
    REQUIRE(ok);
    CHECK(ok->width == 4000);
    CHECK(ok->height == 3000);
    CHECK(std::string(ok->format) == "PNG");
    auto jpeg = checkImageHeader(jpegHeader(640, 480), limits, error);
    REQUIRE(jpeg);
    CHECK(std::string(jpeg->format) == "JPEG");
    CHECK(jpeg->width == 640);

    // Drawn size: just enough to cover the box, never enlarged, within a texture limit.
    CHECK(coverSize({1000, 800}, {100, 100}, 0) == ImageSize{125, 100});
    CHECK(coverSize({300, 600}, {0, 60}, 0) == ImageSize{30, 60});  // a logo 60 pixels high
    CHECK(coverSize({50, 40}, {200, 200}, 0) == ImageSize{50, 40});
    CHECK(coverSize({4000, 1000}, {8000, 8000}, 2048) == ImageSize{2048, 512});
}

TEST_CASE("photo files are regular files of bounded size, opened without blocking") {
    TempDir dir;
    ImageLimits limits;
    std::string error;
    // A FIFO with no writer would block an ordinary open for ever.
    std::string fifo = dir / "photo.png";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto started = std::chrono::steady_clock::now();
    CHECK_FALSE(decodeImageFile(fifo, {64, 64}, 0, limits, error));
    CHECK(error == "not a regular file (a FIFO, socket or device)");
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));

    CHECK_FALSE(decodeImageFile(dir.path.string(), {64, 64}, 0, limits, error));
    CHECK(error == "a directory, not a file");
    CHECK_FALSE(decodeImageFile(dir / "missing.png", {64, 64}, 0, limits, error));
    CHECK(error == "No such file or directory");
    CHECK_FALSE(decodeImageFile("/dev/zero", {64, 64}, 0, limits, error));
    CHECK(error == "not a regular file (a FIFO, socket or device)");

    std::string big = dir / "big.png";
    writeFile(big, pngHeader(100, 100));
    fs::resize_file(big, (16u << 20) + 1);  // sparse: 16 MB and a byte
    CHECK_FALSE(decodeImageFile(big, {64, 64}, 0, limits, error));
    CHECK(error == "the file is 17 MB, more than the 16 MB allowed");

    // The real 262,113 x 1 PNG stb would decode without a word: refused by its header.
    std::string wide = dir / "wide.png";
    writePng(wide, 262113, 1, {200, 30, 30, 255});
    CHECK(fs::file_size(wide) < 16384);  // a few kilobytes of file, a megabyte of pixels
    CHECK_FALSE(decodeImageFile(wide, {64, 64}, 0, limits, error));
    CHECK(error == "262113 x 1 pixels: a side is above 4096");

    // A good one, scaled down to cover the box it is drawn in.
    std::string photo = dir / "photo2.png";
    writePng(photo, 1000, 800, {10, 200, 10, 255});
    auto img = decodeImageFile(photo, {100, 100}, 0, limits, error);
    REQUIRE(img);
    CHECK(img->width == 125);
    CHECK(img->height == 100);
    REQUIRE(img->rgba.size() == 125u * 100u * 4u);
    CHECK(static_cast<int>(img->rgba[4 * 60 + 1]) > 190);  // still green
}

TEST_CASE("photos are decoded off the render thread, scaled to their drawn size, refused once with a reason") {
    TempDir dir;
    writePng(dir / "good.png", 1000, 800, {10, 200, 10, 255});
    writePng(dir / "wide.png", 262113, 1, {200, 30, 30, 255});
    writeFile(dir / "empty.png", "");
    writeFile(dir / "text.png", "not a picture at all");
    SoftwareTarget target;
    std::ostringstream log;
    SdlImages images(target.renderer.get(), dir.path.string(), log);

    // The render thread only asks: nothing is read or decoded on it.
    CHECK_FALSE(images.load("good.png", ImVec2{100, 100}));
    CHECK(images.pending() == 1);
    CHECK_FALSE(images.load("good.png", ImVec2{100, 100}));  // asked once, not twice
    CHECK(images.pending() == 1);
    auto generation = images.generation();
    CHECK(images.settle(std::chrono::seconds(10)));
    CHECK(images.generation() != generation);
    auto img = images.load("good.png", ImVec2{100, 100});
    REQUIRE(img);
    // The box is rounded up to 112 (steps of 16): 140 x 112 covers it. Not 1000 x 800.
    CHECK(img->width == 140);
    CHECK(img->height == 112);
    int tw = 0, th = 0;
    REQUIRE(SDL_QueryTexture(static_cast<SDL_Texture*>(img->texture), nullptr, nullptr, &tw, &th) == 0);
    CHECK((tw == 140 && th == 112));
    CHECK(images.textureBytes() == 140u * 112u * 4u);

    // Refused pictures: placeholders for good, each reported once, naming file and reason.
    for (int frame = 0; frame < 5; ++frame) {
        for (const char* bad : {"wide.png", "empty.png", "text.png", "missing.png"})
            CHECK_FALSE(images.load(bad, ImVec2{100, 100}));
        images.settle(std::chrono::seconds(10));
    }
    std::string text = log.str();
    INFO(text);
    CHECK(count(text, "hallboard: image " + (dir / "wide.png") + ": 262113 x 1 pixels: a side is above 4096") == 1);
    CHECK(count(text, "hallboard: image " + (dir / "empty.png") + ": the file is empty") == 1);
    CHECK(count(text, "hallboard: image " + (dir / "text.png") + ": not a PNG or JPEG image") == 1);
    CHECK(count(text, "hallboard: image " + (dir / "missing.png") + ": No such file or directory") == 1);
    CHECK(count(text, "\n") == 4);
    // Why, for a slide, which then leaves the rotation; nothing for a good one.
    CHECK(images.refused("missing.png") == std::optional<std::string>("No such file or directory"));
    CHECK(images.refused(dir / "text.png"));  // by its absolute path too
    CHECK_FALSE(images.refused("good.png"));
    CHECK(images.refusedCount() == 4);

    // A new program looks again: the photo fixed meanwhile shows.
    writePng(dir / "wide.png", 64, 64, {200, 30, 30, 255});
    images.forget();
    CHECK_FALSE(images.refused("wide.png"));
    CHECK(images.refusedCount() == 0);
    CHECK_FALSE(images.load("wide.png", ImVec2{64, 64}));
    images.settle(std::chrono::seconds(10));
    CHECK(images.load("wide.png", ImVec2{64, 64}));
}

TEST_CASE("a checked picture is decoded and dropped, and a large texture not drawn for a minute is let go") {
    TempDir dir;
    writePng(dir / "slide.png", 1600, 900, {10, 60, 200, 255});
    writePng(dir / "photo.png", 64, 64, {1, 2, 3, 255});
    writeFile(dir / "broken.png", "not a picture");
    SoftwareTarget target;
    std::ostringstream log;
    SdlImages images(target.renderer.get(), dir.path.string(), log);
    using Clock = std::chrono::steady_clock;

    // check(): decoded in the background to know it is fine, no texture kept.
    images.check("slide.png", ImVec2{1600, 900});
    images.check("broken.png", ImVec2{1600, 900});
    CHECK(images.pending() == 2);
    images.settle(std::chrono::seconds(10));
    CHECK(images.pending() == 0);
    CHECK(images.textureBytes() == 0);
    CHECK_FALSE(images.refused("slide.png"));
    CHECK(images.refused("broken.png") == std::optional<std::string>("not a PNG or JPEG image"));
    images.check("slide.png", ImVec2{1600, 900});  // known fine: not decoded again
    CHECK(images.pending() == 0);

    // A load while a check is under way keeps the picture.
    images.forget();
    images.check("slide.png", ImVec2{1600, 900});
    CHECK_FALSE(images.load("slide.png", ImVec2{1600, 900}));
    CHECK(images.pending() == 1);
    images.settle(std::chrono::seconds(10));
    REQUIRE(images.load("slide.png", ImVec2{1600, 900}));
    REQUIRE(images.load("photo.png", ImVec2{64, 64}) == std::nullopt);
    images.settle(std::chrono::seconds(10));
    REQUIRE(images.load("photo.png", ImVec2{64, 64}));
    std::size_t slideBytes = 1600u * 900u * 4u, photoBytes = 64u * 64u * 4u;  // never enlarged
    CHECK(images.textureBytes() == slideBytes + photoBytes);

    // Within the minute both stay; after it, the large one goes and the photo stays.
    Clock::time_point now = Clock::now();
    images.collect(now + std::chrono::seconds(30));
    CHECK(images.textureBytes() == slideBytes + photoBytes);
    images.collect(now + std::chrono::seconds(61));
    CHECK(images.textureBytes() == photoBytes);
    CHECK(images.load("photo.png", ImVec2{64, 64}));
    CHECK_FALSE(images.load("slide.png", ImVec2{1600, 900}));  // asked again: decoded again
    CHECK(images.pending() == 1);
}

TEST_CASE("the texture budget keeps the most recently drawn photos") {
    TempDir dir;
    for (int i = 0; i < 6; ++i) writePng(dir / ("p" + std::to_string(i) + ".png"), 64, 64, {1, 2, 3, 255});
    SoftwareTarget target;
    std::ostringstream log;
    ImageBudget budget;
    budget.textureBytes = 3 * 64 * 64 * 4;  // three photos
    SdlImages images(target.renderer.get(), dir.path.string(), log, {}, {ImageLimits{}, budget});
    for (int i = 0; i < 6; ++i) {
        images.collect();  // a frame
        images.load("p" + std::to_string(i) + ".png", ImVec2{64, 64});
        images.settle(std::chrono::seconds(10));
        CHECK(images.textureBytes() <= budget.textureBytes);
    }
    images.collect();
    CHECK(images.load("p5.png", ImVec2{64, 64}));
    CHECK_FALSE(images.load("p0.png", ImVec2{64, 64}));  // the oldest went first
    CHECK(log.str().empty());
}

namespace {

// The bundled day with every person given `photo`, and the conference `photo` as its
// logo, in `dir`.
std::string programWithPhotos(const TempDir& dir, const std::string& photo) {
    std::ifstream in(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.json");
    nlohmann::json program = nlohmann::json::parse(in);
    for (auto& person : program["people"]) person["photo"] = photo;
    program["conference"]["logo"] = photo;
    std::string path = dir / "program.json";
    std::ofstream(path) << program.dump();
    return path;
}

struct Shot {
    Run run;
    int w = 0, h = 0;
    std::vector<unsigned char> rgba;
    // Pixels of about this colour in the rows from `top` to `bottom` (fractions of the height).
    std::size_t pixelsNear(std::array<int, 3> colour, float top = 0, float bottom = 1) const {
        std::size_t n = 0;
        auto row = [&](float f) {
            return static_cast<std::size_t>(f * static_cast<float>(h)) * static_cast<std::size_t>(w) * 4;
        };
        std::size_t from = row(top), to = std::min(rgba.size(), row(bottom));
        for (std::size_t i = from; i + 3 < to; i += 4)
            n += std::abs(rgba[i] - colour[0]) < 12 && std::abs(rgba[i + 1] - colour[1]) < 12 &&
                 std::abs(rgba[i + 2] - colour[2]) < 12;
        return n;
    }
};

Shot speakerShot(const TempDir& dir, const std::string& program, const std::string& size) {
    Shot s;
    std::string out = dir / ("speaker-" + size + ".png");
    s.run =
        hallboardRun({"screenshot", "--config", std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json", "--program",
                      program, "--at", "2021-04-06T08:50", "--page", "speakers", "--size", size, "-o", out});
    if (s.run.code != 0) return s;
    int n = 0;
    unsigned char* data = stbi_load(out.c_str(), &s.w, &s.h, &n, 4);
    if (data) s.rgba.assign(data, data + static_cast<std::size_t>(s.w) * static_cast<std::size_t>(s.h) * 4);
    stbi_image_free(data);
    return s;
}

}  // namespace

TEST_CASE("the speaker page shows a good photo and logo, and initials and no logo for a picture that cannot be used") {
    TempDir dir;
    writePng(dir / "red.png", 400, 300, {230, 20, 20, 255});
    writePng(dir / "wide.png", 262113, 1, {230, 20, 20, 255});
    for (const char* size : {"800x480", "1920x1080"}) {
        INFO(size);
        Shot good = speakerShot(dir, programWithPhotos(dir, "red.png"), size);
        INFO(good.run.err);
        REQUIRE(good.run.code == 0);
        CHECK(good.pixelsNear({230, 20, 20}) > 1000);          // the photo, decoded in the background and waited for
        CHECK(good.pixelsNear({230, 20, 20}, 0, 0.1f) > 100);  // the logo, in the header

        Shot bad = speakerShot(dir, programWithPhotos(dir, "wide.png"), size);
        INFO(bad.run.err);
        REQUIRE(bad.run.code == 0);
        CHECK(bad.pixelsNear({230, 20, 20}) == 0);  // no sliver of the photo: initials
        CHECK(count(bad.run.err,
                    "hallboard: image " + (dir / "wide.png") + ": 262113 x 1 pixels: a side is above 4096") == 1);
    }
}

namespace {

struct Kiosk {
    std::vector<Diagnostic> diagnostics;
    std::optional<KioskSession> session;
    Kiosk() {
        session = KioskSession::load(std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json", "", diagnostics);
        REQUIRE(session);
    }
};

// Distinct colours in a centre band and whether it is all one (cleared) colour.
std::size_t coloursIn(const std::vector<unsigned char>& rgba) {
    std::set<unsigned> colours;
    for (std::size_t i = 0; i + 3 < rgba.size(); i += 4)
        colours.insert(static_cast<unsigned>(rgba[i]) << 16 | static_cast<unsigned>(rgba[i + 1]) << 8 | rgba[i + 2]);
    return colours.size();
}

std::vector<unsigned char> pixels(KioskRenderer& k, const TempDir& dir, const std::string& name) {
    std::string error, path = dir / name;
    REQUIRE(k.savePng(path, error));
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 4);
    REQUIRE(data);
    std::vector<unsigned char> out(data, data + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    stbi_image_free(data);
    return out;
}

}  // namespace

TEST_CASE("a page that throws: the frame is ended, the clock and name show, frame after frame, logged once") {
    TempDir dir;
    Kiosk kiosk;
    std::ostringstream log;
    KioskRenderer k(800, 480, log);
    KioskSession& s = *kiosk.session;
    Instant now = at(*s.program, "2021-04-06T09:45");
    ui::KioskView view = makeView(s, now);
    k.prepare(view);
    int thrown = 0;
    // Leaves ImGui's stacks open, as a page half drawn would, then throws.
    view.pageFault = [&] {
        ++thrown;
        ImGui::Begin("half a page");
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 0, 0, 255));
        ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.5f);
        ImGui::PushID("row");
        throw std::runtime_error("page fault for the test");
    };
    Rotation::Frame frame;
    frame.current = Rotation::Slot{0, 0};
    for (int i = 0; i < 6; ++i) {
        view.now = now + std::chrono::minutes(i);  // a new minute: drawn afresh, not the cached screen
        Rotation::Frame f = frame;
        if (i % 2) {  // mid-transition as well: two screens drawn, one failing
            f.previous = Rotation::Slot{1, 0};
            f.transition = 0.5;
        }
        REQUIRE_NOTHROW(k.frame(view, f));
        CHECK(SDL_GetRenderTarget(k.renderer()) == nullptr);  // the screen again, not a layer
    }
    CHECK(thrown >= 6);
    CHECK(k.failedFrames() == static_cast<unsigned long long>(thrown));
    std::string text = log.str();
    CHECK(count(text, "hallboard: drawing the screen failed: page fault for the test; showing the clock and the "
                      "conference's name instead") == 1);
    // Not black, not empty: the background colour with the clock and name in text.
    auto failed = pixels(k, dir, "failed.png");
    CHECK(coloursIn(failed) > 8);
    CHECK(!(failed[0] == 0 && failed[1] == 0 && failed[2] == 0));

    // The page works again: the whole screen is back, with more on it than the fallback.
    view.pageFault = nullptr;
    view.now = now + std::chrono::minutes(10);
    REQUIRE_NOTHROW(k.frame(view, frame));
    auto recovered = pixels(k, dir, "recovered.png");
    CHECK(coloursIn(recovered) > coloursIn(failed));
    CHECK(k.failedFrames() == static_cast<unsigned long long>(thrown));
}

TEST_CASE("a program in memory with NUL and control characters draws, and the process goes on (#26.1)") {
    // The reader replaces these; a program that got past it anyway must not abort the
    // kiosk: a U+0000 in ImGui's zero-terminated glyph ranges left the atlas empty and
    // ImGui asserted, at every start.
    TempDir dir;
    Kiosk kiosk;
    std::ostringstream log;
    KioskRenderer k(800, 480, log);
    KioskSession& s = *kiosk.session;
    Program& p = *s.program;
    p.conference.name += std::string("\0\x01\x1b", 3);
    p.conference.venue = std::string("Main\0 building", 14);
    for (Room& r : p.rooms) r.name += std::string("\0", 1);
    for (Talk& t : p.talks) t.abstract += std::string("\0\x7f\xc2\x85", 4);
    for (Session& session : p.sessions) session.title = std::string("\0", 1) + session.title;
    Instant now = at(p, "2021-04-06T09:45");
    ui::KioskView view = makeView(s, now);
    REQUIRE_NOTHROW(k.prepare(view));
    Rotation::Frame frame;
    frame.current = Rotation::Slot{0, 0};
    REQUIRE_NOTHROW(k.frame(view, frame));
    auto drawn = pixels(k, dir, "nul.png");
    CHECK(coloursIn(drawn) > 8);
}

TEST_CASE("a screen past the pixel limit is drawn without cached screens, and the glyph pages stay bounded (#26.2)") {
    Kiosk kiosk;
    KioskSession& s = *kiosk.session;
    Instant now = at(*s.program, "2021-04-06T09:45");
    auto drawTransition = [&](int w, int h, std::ostream& log) {
        KioskRenderer k(w, h, log);
        ui::KioskView view = makeView(s, now);
        k.prepare(view);
        Rotation::Frame f;
        f.current = Rotation::Slot{0, 0};
        k.frame(view, f);
        f.previous = Rotation::Slot{1, 0};
        f.transition = 0.5;
        REQUIRE_NOTHROW(k.frame(view, f));
        return std::pair{k.statistics().layerBytes, k.failedFrames()};
    };
    std::ostringstream atLimit, past;
    auto [limitBytes, limitFailed] = drawTransition(3840, 2160, atLimit);
    CHECK(limitBytes >= std::size_t{3840} * 2160 * 4);  // the largest accepted screen keeps its cached screens
    // A fullscreen display or a wall larger than that (here 4096x2160): none, said once.
    auto [pastBytes, pastFailed] = drawTransition(4096, 2160, past);
    CHECK(pastBytes == 0);
    CHECK(pastFailed == 0);
    CHECK(past.str().find("the screen is 4096x2160, more than the 8294400 pixels a kiosk caches") != std::string::npos);
    CHECK(atLimit.str().find("more than the") == std::string::npos);
}

TEST_CASE("drawing a frame leaves the mouse cursor hidden (ImGui's backend would show it each frame)") {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        Kiosk kiosk;
        WindowPtr window(SDL_CreateWindow("test", 0, 0, 320, 240, SDL_WINDOW_HIDDEN));
        REQUIRE(window);
        RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
        REQUIRE(renderer);
        std::ostringstream log;
        {
            KioskRenderer k(window.get(), renderer.get(), log);
            KioskSession& s = *kiosk.session;
            ui::KioskView view = makeView(s, at(*s.program, "2021-04-06T09:45"));
            k.prepare(view);
            SDL_ShowCursor(SDL_DISABLE);
            for (int i = 0; i < 3; ++i) {
                view.now += std::chrono::minutes(1);
                k.frame(view, Rotation::Frame{});
                CHECK(SDL_ShowCursor(SDL_QUERY) == SDL_DISABLE);
            }
            // Shown when the kiosk says so (a mouse moved), and left so by frames too.
            SDL_ShowCursor(SDL_ENABLE);
            view.now += std::chrono::minutes(1);
            k.frame(view, Rotation::Frame{});
            CHECK(SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE);
        }
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

namespace {

const std::string kDejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const std::string kInter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf";
const std::string kCjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Bad font files of each kind: empty, a PNG, a real font cut short (three ways).
struct BadFonts {
    TempDir dir;
    std::string empty = dir / "empty.ttf", png = dir / "picture.ttf", half = dir / "half.ttf",
                header = dir / "header.ttf", lastByte = dir / "last-byte.ttf";
    BadFonts() {
        writeFile(empty, "");
        writePng(png, 16, 16, {1, 2, 3, 255});
        std::string font = fileBytes(kDejaVu);
        REQUIRE(font.size() > 100000);
        writeFile(half, font.substr(0, font.size() / 2));
        writeFile(header, font.substr(0, 40));
        writeFile(lastByte, font.substr(0, font.size() - 1));
    }
};

}  // namespace

TEST_CASE("a font file is checked before FreeType or ImGui sees it") {
    REQUIRE(fs::exists(kDejaVu));
    BadFonts bad;
    CHECK(fontFileProblem(bad.empty) == std::string("the file is empty"));
    CHECK(fontFileProblem(bad.png) == std::string("not a font (it starts like a PNG image)"));
    auto half = fontFileProblem(bad.half);
    REQUIRE(half);
    CHECK(half->find("the file is cut short: table '") == 0);
    CHECK(fontFileProblem(bad.header) == std::string("the file is cut short (in the table directory)"));
    CHECK(fontFileProblem(bad.lastByte));  // the last table ends a byte past the end
    CHECK(fontFileProblem(bad.dir.path.string()) == std::string("a directory, not a file"));
    std::string fifo = bad.dir / "fifo.ttf";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(fontFileProblem(fifo) == std::string("not a regular file (a FIFO, socket or device)"));
    CHECK(fontFileProblem(bad.dir / "missing.ttf") == std::string("No such file or directory"));
    std::string text = bad.dir / "notes.ttf";
    writeFile(text, "{\"not\": \"a font\"}");
    CHECK(fontFileProblem(text) == std::string("not a font (it looks like text)"));

    CHECK_FALSE(fontFileProblem(kDejaVu));
    if (fs::exists(kInter)) CHECK_FALSE(fontFileProblem(kInter));  // OpenType (CFF): 'OTTO'
    if (fs::exists(kCjk)) {                                        // a collection: 'ttcf'
        CHECK_FALSE(fontFileProblem(kCjk, 0));
        auto face = fontFileProblem(kCjk, 999);
        REQUIRE(face);
        CHECK(face->find("the collection has") == 0);
    }

    // The catalog passes over a named file that is not a font and says why.
    FontCatalog catalog;
    CHECK_FALSE(catalog.find(bad.png, false));
    CHECK(catalog.refused().at(bad.png) == "not a font (it starts like a PNG image)");
    auto good = catalog.find(kDejaVu, false);
    REQUIRE(good);
    CHECK(good->file == kDejaVu);
}

TEST_CASE("a configured font that is not a font: the defaults draw, with one warning per file, also on a live change") {
    BadFonts bad;
    Kiosk kiosk;
    KioskSession& s = *kiosk.session;
    std::ostringstream log;
    KioskRenderer k(800, 480, log);
    s.config.theme.textFonts = {bad.empty, bad.png, bad.half};
    s.config.theme.displayFonts = {bad.lastByte, bad.header};
    ui::KioskView view = makeView(s, at(*s.program, "2021-04-06T09:45"));
    REQUIRE_NOTHROW(k.prepare(view));
    Rotation::Frame frame;
    frame.current = Rotation::Slot{0, 0};
    REQUIRE_NOTHROW(k.frame(view, frame));
    // A live change to the config (another scale) rebuilds the fonts: no new warnings.
    s.config.theme.scale = 1.2;
    REQUIRE_NOTHROW(k.prepare(view));
    view.now += std::chrono::minutes(1);
    REQUIRE_NOTHROW(k.frame(view, frame));
    std::string text = log.str();
    INFO(text);
    CHECK(count(text, "hallboard: font " + bad.empty +
                          ": the file is empty; using the next font in line (the defaults)") == 1);
    CHECK(count(text, "hallboard: font " + bad.png + ": not a font (it starts like a PNG image);") == 1);
    CHECK(count(text, "hallboard: font " + bad.half + ": the file is cut short: table '") == 1);
    CHECK(count(text, "hallboard: font " + bad.lastByte + ": ") == 1);
    CHECK(count(text, "hallboard: font " + bad.header + ": the file is cut short (in the table directory)") == 1);
    CHECK(count(text, "hallboard: font ") == 5);
    TempDir dir;
    CHECK(coloursIn(pixels(k, dir, "fonts.png")) > 64);  // text drawn with the default fonts
    CHECK(k.failedFrames() == 0);
}

TEST_CASE("a kiosk started with a config naming a broken font file draws with the defaults (no crash loop)") {
    BadFonts bad;
    std::string config = bad.dir / "kiosk.json";
    nlohmann::json c = {{"program", std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.json"},
                        {"theme", {{"name", "dark"}, {"fonts", {{"text", {bad.png}}, {"display", {bad.empty}}}}}}};
    std::ofstream(config) << c.dump();
    std::string out = bad.dir / "shot.png";
    Run r = hallboardRun({"screenshot", "--config", config, "--at", "2021-04-06T09:45", "--page", "now-next", "--size",
                          "800x480", "-o", out});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(count(r.err, "hallboard: font " + bad.png + ": not a font (it starts like a PNG image)") == 1);
    CHECK(count(r.err, "hallboard: font " + bad.empty + ": the file is empty") == 1);
    CHECK(fs::exists(out));
}

TEST_CASE("an emergency or announcement or slide in a script the program lacks gets its fonts: no .notdef box") {
    // The MLSys program is Latin only; an evacuation titled in Arabic and Chinese had been
    // drawn as the primary font's .notdef boxes: the fonts were chosen for the program's
    // characters alone.
    Kiosk kiosk;
    KioskSession& s = *kiosk.session;
    std::ostringstream log;
    KioskRenderer k(800, 480, log);
    ui::KioskView view = makeView(s, at(*s.program, "2021-04-06T09:45"));
    const std::string title = "إخلاء المبنى 火灾 Feuer";
    const std::string notice = "מעבר 이동 — move on";
    const std::string slide = "Ευχαριστούμε ขอบคุณ";
    Emergency emergency;
    emergency.title = title;
    emergency.kind = EmergencyKind::evacuate;
    Announcement announcement;
    announcement.text = notice;
    PageConfig slidePage;
    slidePage.kind = PageKind::slide;
    slidePage.slide = SlideConfig{};
    slidePage.slide->title = slide;
    s.config.rotation.push_back(slidePage);
    view.emergency = &emergency;
    view.announcements = {&announcement};
    k.prepare(view);
    auto* engine = dynamic_cast<TextEngine*>(k.layoutCanvas().engine);
    REQUIRE(engine);
    for (const std::string& line : {title, notice, slide}) {
        INFO(line);
        TextEngine::Shaped shaped = engine->shape(line, 40, ui::Weight::bold, ui::Face::display, Direction::ltr);
        REQUIRE(!shaped.glyphs.empty());
        for (const TextEngine::Glyph& g : shaped.glyphs) {
            INFO("cluster at byte " << g.cluster);
            CHECK(g.id != 0);  // glyph 0 is the font's .notdef box
        }
    }
}
