// The name an abstract gives its system, for papers listed without a title: found
// where the abstract says it plainly, nothing where it does not.
#include <catch2/catch.hpp>

#include "model/paper_name.hpp"
#include "model/program_json.hpp"

using namespace hallboard;

TEST_CASE("the 2022 award papers are named by their abstracts, the one naming no system is not") {
    // data/mlsys2022.json: the award page gave abstracts only. Read by hand:
    //   talk   "Our system, Pathways, is explicitly designed ..."
    //   talk-2 "ML-EXray provides visibility ...", ML-EXray four times in all
    //   talk-3 "... and further developed QuadraLib, a QDNN library ..."
    //   talk-4 "we present Random Offset Block Embedding Array (ROBE) as a ..."
    //   talk-5 a sparse semiring primitive, "part of the RAFT library": names no system of its own
    auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2022.json");
    REQUIRE(load.ok());
    const Program& p = *load.program;
    REQUIRE(p.awards.size() == 5);
    std::vector<std::string> names;
    for (const Award& a : p.awards) {
        CHECK(p.talks[a.talk].title.empty());
        names.push_back(systemNameFromAbstract(p.talks[a.talk].abstract));
    }
    CHECK(names == std::vector<std::string>{"Pathways", "ML-EXray", "QuadraLib", "ROBE", ""});
}

TEST_CASE("each way an abstract introduces its system gives the name") {
    CHECK(systemNameFromAbstract("We study X. Our framework, HyperGef, fuses kernels.") == "HyperGef");
    CHECK(systemNameFromAbstract("In this paper we present MegaBlocks, a system for MoE training.") == "MegaBlocks");
    CHECK(systemNameFromAbstract("We introduce Breadth-First Pipeline Parallelism, a novel schedule.") ==
          "Breadth-First Pipeline Parallelism");
    CHECK(systemNameFromAbstract("To fix this, we propose Cupcake: a compression scheduler.") == "Cupcake");
    CHECK(systemNameFromAbstract("We build a tool called Orca that schedules requests.") == "Orca");
    CHECK(systemNameFromAbstract("A scheduler named “Gandiva” packs jobs.") == "Gandiva");
    CHECK(systemNameFromAbstract("TensorDash is a hardware level technique for sparse MACs.") == "TensorDash");
    CHECK(systemNameFromAbstract("We present Tutel, a stack for MoE. It runs a model named SwinV2-MoE.") == "Tutel");
}

TEST_CASE("an abstract that names no system gives nothing, never an invented title") {
    CHECK(systemNameFromAbstract("").empty());
    CHECK(systemNameFromAbstract("We present the design of a new orchestration layer for accelerators.").empty());
    CHECK(systemNameFromAbstract("This is a study of gradient compression in practice.").empty());
    CHECK(systemNameFromAbstract("We propose Bayesian optimization for tuning compilers.").empty());
    CHECK(systemNameFromAbstract("Deep learning is a field that grows. We show results.").empty());
    CHECK(systemNameFromAbstract("Our system, This, does things.").empty());
    CHECK(systemNameFromAbstract("We present We, a thing.").empty());
    // A name that goes on after its brackets is unclear: "TensorFlow (TF) Micro".
    CHECK(systemNameFromAbstract("We introduce TensorFlow (TF) Micro, an open-source framework.").empty());
    // More than three capitalised words and no acronym: a phrase, not a name.
    CHECK(systemNameFromAbstract("We present Fast Sparse Matrix Multiply Kernels, which run well.").empty());
    // A mixed-case word must come back three times to count as the subject.
    CHECK(systemNameFromAbstract("PyTorch trains models. We compare it with others.").empty());
}
