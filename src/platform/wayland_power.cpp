// See wayland_power.hpp.
#include "platform/wayland_power.hpp"

#include <dlfcn.h>
#include <poll.h>
#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include <wayland-client-core.h>

namespace hallboard::platform {

// libwayland-client's functions, looked up at run time (declared by its header, never
// linked), and the two interfaces of wlr-output-power-management-unstable-v1, version 1,
// written out as wayland-scanner generates them from the protocol's XML (wlr-protocols;
// Debian ships no package with that file): zwlr_output_power_manager_v1 (requests
// get_output_power(new_id zwlr_output_power_v1, object wl_output), destroy) and
// zwlr_output_power_v1 (requests set_mode(uint mode), destroy; events mode(uint mode),
// failed). Modes: 0 off, 1 on.
struct WaylandApi {
    decltype(&wl_display_connect) connect = nullptr;
    decltype(&wl_display_disconnect) disconnect = nullptr;
    decltype(&wl_display_create_queue) createQueue = nullptr;
    decltype(&wl_event_queue_destroy) destroyQueue = nullptr;
    decltype(&wl_proxy_create_wrapper) createWrapper = nullptr;
    decltype(&wl_proxy_wrapper_destroy) destroyWrapper = nullptr;
    decltype(&wl_proxy_set_queue) setQueue = nullptr;
    decltype(&wl_proxy_marshal_flags) marshal = nullptr;
    decltype(&wl_proxy_add_listener) addListener = nullptr;
    decltype(&wl_proxy_destroy) destroyProxy = nullptr;
    decltype(&wl_proxy_get_version) version = nullptr;
    decltype(&wl_display_roundtrip_queue) roundtrip = nullptr;
    decltype(&wl_display_prepare_read_queue) prepareRead = nullptr;
    decltype(&wl_display_dispatch_queue_pending) dispatchPending = nullptr;
    decltype(&wl_display_get_fd) fd = nullptr;
    decltype(&wl_display_read_events) readEvents = nullptr;
    decltype(&wl_display_cancel_read) cancelRead = nullptr;
    decltype(&wl_display_flush) flush = nullptr;
    const wl_interface* registry = nullptr;  // wl_registry_interface
    const wl_interface* output = nullptr;    // wl_output_interface

    // The protocol's tables (wayland-scanner's layout: one types array for every message).
    const wl_interface* types[3] = {nullptr, &power, nullptr};
    wl_message managerRequests[2] = {{"get_output_power", "no", types + 1}, {"destroy", "", types}};
    wl_message powerRequests[2] = {{"set_mode", "u", types}, {"destroy", "", types}};
    wl_message powerEvents[2] = {{"mode", "u", types}, {"failed", "", types}};
    wl_interface manager = {"zwlr_output_power_manager_v1", 1, 2, managerRequests, 0, nullptr};
    wl_interface power = {"zwlr_output_power_v1", 1, 2, powerRequests, 2, powerEvents};
    static constexpr std::uint32_t kGetOutputPower = 0, kSetMode = 0, kDestroy = 1;
    static constexpr std::uint32_t kGetRegistry = 1, kBind = 0,
                                   kOutputRelease = 0;  // wl_display, wl_registry, wl_output

    // Loaded once; none where libwayland-client is absent (a kiosk on KMS without it).
    static const WaylandApi* load() {
        static WaylandApi api;
        static const bool loaded = api.fill();
        return loaded ? &api : nullptr;
    }
    WaylandApi() = default;
    WaylandApi(const WaylandApi&) = delete;
    WaylandApi& operator=(const WaylandApi&) = delete;

private:
    template <class F>
    static bool find(void* lib, const char* name, F& to) {
        to = reinterpret_cast<F>(::dlsym(lib, name));
        return to != nullptr;
    }
    bool fill() {
        void* lib = ::dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!lib) return false;
        bool all = find(lib, "wl_display_connect", connect) && find(lib, "wl_display_disconnect", disconnect) &&
                   find(lib, "wl_display_create_queue", createQueue) &&
                   find(lib, "wl_event_queue_destroy", destroyQueue) &&
                   find(lib, "wl_proxy_create_wrapper", createWrapper) &&
                   find(lib, "wl_proxy_wrapper_destroy", destroyWrapper) && find(lib, "wl_proxy_set_queue", setQueue) &&
                   find(lib, "wl_proxy_marshal_flags", marshal) && find(lib, "wl_proxy_add_listener", addListener) &&
                   find(lib, "wl_proxy_destroy", destroyProxy) && find(lib, "wl_proxy_get_version", version) &&
                   find(lib, "wl_display_roundtrip_queue", roundtrip) &&
                   find(lib, "wl_display_prepare_read_queue", prepareRead) &&
                   find(lib, "wl_display_dispatch_queue_pending", dispatchPending) &&
                   find(lib, "wl_display_get_fd", fd) && find(lib, "wl_display_read_events", readEvents) &&
                   find(lib, "wl_display_cancel_read", cancelRead) && find(lib, "wl_display_flush", flush);
        registry = static_cast<const wl_interface*>(::dlsym(lib, "wl_registry_interface"));
        output = static_cast<const wl_interface*>(::dlsym(lib, "wl_output_interface"));
        types[2] = output;
        return all && registry && output;
    }
};

namespace {

using Global = void (*)(void*, wl_proxy*, std::uint32_t, const char*, std::uint32_t);
using GlobalRemove = void (*)(void*, wl_proxy*, std::uint32_t);
using Mode = void (*)(void*, wl_proxy*, std::uint32_t);
using Failed = void (*)(void*, wl_proxy*);

struct RegistryListener {
    Global global;
    GlobalRemove globalRemove;
};
struct PowerListener {
    Mode mode;
    Failed failed;
};

void onGlobal(void* data, wl_proxy* registry, std::uint32_t name, const char* interface, std::uint32_t version) {
    static_cast<WaylandPower*>(data)->global(registry, name, interface, version);
}
void onGlobalRemove(void*, wl_proxy*, std::uint32_t) {}  // an unplugged output's power object fails
void onMode(void* data, wl_proxy*, std::uint32_t mode) {
    static_cast<WaylandPower::Output*>(data)->mode = mode == 0 ? 0 : 1;
}
void onFailed(void* data, wl_proxy*) {
    static_cast<WaylandPower::Output*>(data)->failed = true;
}

constexpr RegistryListener kRegistryListener{onGlobal, onGlobalRemove};
constexpr PowerListener kPowerListener{onMode, onFailed};

template <class Listener>
void listen(const WaylandApi& api, wl_proxy* proxy, const Listener& listener, void* data) {
    // libwayland takes a listener as an array of function pointers (wl_proxy_add_listener).
    api.addListener(proxy, reinterpret_cast<void (**)(void)>(const_cast<Listener*>(&listener)), data);
}

}  // namespace

WaylandPower::WaylandPower(const WaylandApi& api, wl_display* display) : api_(api), display_(display) {}

std::unique_ptr<WaylandPower> WaylandPower::open(wl_display* display, std::string& why) {
    const WaylandApi* api = WaylandApi::load();
    if (!api || !display) {
        why = "Wayland: libwayland-client cannot be loaded; drawn black";
        return nullptr;
    }
    std::unique_ptr<WaylandPower> p(new WaylandPower(*api, display));
    p->queue_ = api->createQueue(display);
    p->wrapper_ = static_cast<wl_proxy*>(api->createWrapper(display));
    if (!p->queue_ || !p->wrapper_) {
        why = "Wayland: cannot make an event queue on SDL's connection; drawn black";
        return nullptr;
    }
    api->setQueue(p->wrapper_, p->queue_);
    p->registry_ =
        api->marshal(p->wrapper_, WaylandApi::kGetRegistry, api->registry, api->version(p->wrapper_), 0, nullptr);
    if (p->registry_) listen(*api, p->registry_, kRegistryListener, p.get());
    if (!p->registry_ || api->roundtrip(display, p->queue_) < 0) {
        why = "Wayland: the compositor's globals cannot be read; drawn black";
        return nullptr;
    }
    if (!p->managerName_) {
        why = "Wayland: the compositor does not offer wlr-output-power-management; drawn black";
        return nullptr;
    }
    p->manager_ = api->marshal(p->registry_, WaylandApi::kBind, &api->manager, 1, 0, *p->managerName_,
                               api->manager.name, 1u, nullptr);
    for (const std::pair<unsigned, unsigned>& output : p->outputNames_) p->bindOutput(p->registry_, output);
    p->attachPowers();
    if (api->roundtrip(display, p->queue_) < 0 || p->outputs_.empty()) {
        why = "Wayland: the compositor has no output to switch off; drawn black";
        return nullptr;
    }
    return p;
}

WaylandPower::~WaylandPower() {
    for (const std::unique_ptr<Output>& o : outputs_) {
        if (o->power)
            api_.marshal(o->power, WaylandApi::kDestroy, nullptr, api_.version(o->power), WL_MARSHAL_FLAG_DESTROY);
        if (api_.version(o->output) >= 3)
            api_.marshal(o->output, WaylandApi::kOutputRelease, nullptr, 3, WL_MARSHAL_FLAG_DESTROY);
        else
            api_.destroyProxy(o->output);
    }
    if (manager_) api_.marshal(manager_, WaylandApi::kDestroy, nullptr, 1, WL_MARSHAL_FLAG_DESTROY);
    if (registry_) api_.destroyProxy(registry_);
    if (wrapper_) api_.destroyWrapper(wrapper_);
    api_.flush(display_);
    if (queue_) api_.destroyQueue(queue_);
}

// Outputs are bound only where the manager is offered: a wl_output of ours destroyed
// while SDL's surface is on it would reach SDL's enter and leave handlers as a null output.
void WaylandPower::global(wl_proxy* registry, unsigned name, const char* interface, unsigned version) {
    if (std::strcmp(interface, api_.manager.name) == 0 && !managerName_) {
        managerName_ = name;
    } else if (std::strcmp(interface, api_.output->name) == 0) {
        outputNames_.emplace_back(name, version < 3 ? version : 3);  // 3: wl_output.release
        if (manager_) bindOutput(registry, outputNames_.back());     // plugged in since
    }
}

void WaylandPower::bindOutput(wl_proxy* registry, std::pair<unsigned, unsigned> global) {
    auto [name, v] = global;
    auto o = std::make_unique<Output>();
    o->output = api_.marshal(registry, WaylandApi::kBind, api_.output, v, 0, name, api_.output->name, v, nullptr);
    if (o->output) outputs_.push_back(std::move(o));  // no listener: its events are dropped
}

// A power object for every output that has none yet (an output plugged in since, too).
void WaylandPower::attachPowers() {
    for (const std::unique_ptr<Output>& o : outputs_) {
        if (o->power || !manager_) continue;
        o->power = api_.marshal(manager_, WaylandApi::kGetOutputPower, &api_.power, 1, 0, nullptr, o->output);
        if (o->power) listen(api_, o->power, kPowerListener, o.get());
    }
}

bool WaylandPower::settled(bool on) const {
    for (const std::unique_ptr<Output>& o : outputs_)
        if (!o->failed && o->mode != (on ? 1 : 0)) return false;
    return true;
}

// Dispatches our queue alone until every output is in mode `on` (or has failed), for up
// to `ms`: SDL's events read meanwhile wait in SDL's queue for SDL.
bool WaylandPower::dispatchUntil(bool on, int ms) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (true) {
        if (api_.dispatchPending(display_, queue_) < 0) return false;
        if (settled(on)) return true;
        if (api_.prepareRead(display_, queue_) != 0) continue;  // events arrived meanwhile: dispatch them
        api_.flush(display_);
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        pollfd p{api_.fd(display_), POLLIN, 0};
        int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
        if (ready > 0) {
            if (api_.readEvents(display_) < 0) return false;
            continue;
        }
        api_.cancelRead(display_);
        if (ready == 0 || errno != EINTR) return false;
    }
}

void WaylandPower::request(bool on) {
    for (const std::unique_ptr<Output>& o : outputs_)
        if (o->power && !o->failed) api_.marshal(o->power, WaylandApi::kSetMode, nullptr, 1, 0, on ? 1u : 0u);
    api_.flush(display_);
}

std::optional<std::string> WaylandPower::set(bool on, int confirmMs) {
    attachPowers();
    request(on);
    bool confirmed = dispatchUntil(on, confirmMs);
    bool failed = false;
    for (const std::unique_ptr<Output>& o : outputs_) failed = failed || o->failed;
    if (confirmed && !failed) return std::nullopt;
    if (!on) {
        request(true);  // never half off: every output on, and quiet hours draw black
        dispatchUntil(true, confirmMs);
        refused_ = true;
    }
    if (failed)
        return std::string("Wayland: the compositor refused to switch an output ") + (on ? "on" : "off") +
               " (zwlr_output_power_v1.failed); drawn black";
    return std::string("Wayland: the compositor did not confirm the outputs ") + (on ? "on" : "off") + " within " +
           std::to_string(confirmMs) + " ms; drawn black";
}

std::optional<bool> compositorSwitchesOutputsOff() {
    const WaylandApi* api = WaylandApi::load();
    if (!api) return std::nullopt;
    wl_display* display = api->connect(nullptr);  // $WAYLAND_DISPLAY, else wayland-0
    if (!display) return std::nullopt;
    std::optional<bool> offers;
    {
        std::string why;
        std::unique_ptr<WaylandPower> power = WaylandPower::open(display, why);
        // A manager with no output yet offers it still; other failures say nothing of it.
        if (power || why.find("no output") != std::string::npos)
            offers = true;
        else if (why.find("does not offer") != std::string::npos)
            offers = false;
    }
    api->disconnect(display);
    return offers;
}

namespace {

void onSeatGlobal(void* data, wl_proxy*, std::uint32_t, const char* interface, std::uint32_t) {
    if (std::strcmp(interface, "wl_seat") == 0) *static_cast<bool*>(data) = true;
}
constexpr RegistryListener kSeatListener{onSeatGlobal, onGlobalRemove};

}  // namespace

std::optional<bool> compositorOffersSeat(wl_display* display) {
    const WaylandApi* api = WaylandApi::load();
    if (!api || !display) return std::nullopt;
    std::optional<bool> offers;
    wl_event_queue* queue = api->createQueue(display);
    auto* wrapper = static_cast<wl_proxy*>(api->createWrapper(display));
    if (queue && wrapper) {
        api->setQueue(wrapper, queue);
        wl_proxy* registry =
            api->marshal(wrapper, WaylandApi::kGetRegistry, api->registry, api->version(wrapper), 0, nullptr);
        bool seat = false;
        if (registry) {
            listen(*api, registry, kSeatListener, &seat);
            if (api->roundtrip(display, queue) >= 0) offers = seat;
            api->destroyProxy(registry);
        }
    }
    if (wrapper) api->destroyWrapper(wrapper);
    if (queue) api->destroyQueue(queue);
    return offers;
}

std::optional<bool> compositorOffersSeat() {
    // Only where a compositor's socket is there: libwayland prints "error: XDG_RUNTIME_DIR
    // is invalid" when it cannot even name one (seen on every start under Xvfb, where
    // SDL's own list names wayland after x11).
    const char* name = std::getenv("WAYLAND_DISPLAY");
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    std::string socket = name && name[0] == '/' ? std::string(name)
                         : runtime && *runtime  ? std::string(runtime) + "/" + (name && *name ? name : "wayland-0")
                                                : std::string();
    struct stat st {};
    if (socket.empty() || ::stat(socket.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) return std::nullopt;
    const WaylandApi* api = WaylandApi::load();
    if (!api || std::getenv("WAYLAND_SOCKET")) return std::nullopt;
    wl_display* display = api->connect(nullptr);
    if (!display) return std::nullopt;
    std::optional<bool> offers = compositorOffersSeat(display);
    api->disconnect(display);
    return offers;
}

}  // namespace hallboard::platform
