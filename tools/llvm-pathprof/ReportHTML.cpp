//===- ReportHTML.cpp - llvm-pathprof report --html -----------------------===//
//
// `llvm-pathprof report --html -o DIR PROFILE` writes DIR/index.html: one
// static page that opens from disk, with no server and no network, and
// shows the functions ranked by executed paths and by each metric, each
// function's hot paths on its source lines, the calling context tree as a
// flame graph, and the concentration tables of `report` for every metric
// summed over executions.
//
// The page is the template report/index.html with report/report.css and
// report/report.js inlined (carried in the tool as ReportAssets.inc, made at
// build time by cmake/EmbedFiles.cmake), for an estimated profile a note
// that its counts are estimates (the ESTIMATED marker, empty for an exact
// profile, whose page stays what it was), and one JSON document: the model of
// `show --json` (writeProfileModel), the document of `report --json` per
// summed metric (writeConcentrationJSON), and the text of the source files
// the functions' blocks name. The page's script draws everything from that
// document; nothing here serializes the profile a second way. A source file
// that cannot be read is recorded with the reason, and the page shows the
// path's blocks and line ranges instead.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Profile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

namespace {
#include "ReportAssets.inc"

template <size_t N> StringRef embedded(const unsigned char (&File)[N]) {
  return StringRef(reinterpret_cast<const char *>(File), N - 1);
}
} // namespace

/// Source files larger than this are left out of the page (as unreadable
/// ones are): a generated file of that size is not read as a path.
static constexpr uint64_t MaxSourceSize = 8 << 20;

/// Where the page looks for the source file \p File the profile names.
static std::string sourcePath(StringRef File, StringRef Root) {
  if (Root.empty() || sys::path::is_absolute(File))
    return File.str();
  SmallString<256> Path(Root);
  sys::path::append(Path, File);
  return std::string(Path);
}

/// The source files named by the blocks of the functions that ran (the
/// functions the model lists).
static std::set<std::string> sourceFiles(const Profile &P) {
  std::set<std::string> Files;
  for (const FunctionProfile &F : P.Functions) {
    if (F.Paths.empty())
      continue;
    for (const CFGBlock &B : F.CFG.Blocks)
      if (!B.File.empty())
        Files.insert(B.File);
  }
  return Files;
}

/// "sources": per file name of the profile, where it was looked for and its
/// text, or why there is none.
static void writeSources(const Profile &P, StringRef Root, json::OStream &J) {
  J.attributeObject("sources", [&] {
    for (const std::string &File : sourceFiles(P)) {
      std::string Path = sourcePath(File, Root);
      J.attributeObject(File, [&] {
        J.attribute("path", Path);
        sys::fs::file_status Status;
        if (std::error_code EC = sys::fs::status(Path, Status)) {
          J.attribute("error", EC.message());
          return;
        }
        if (Status.type() != sys::fs::file_type::regular_file) {
          J.attribute("error", "not a regular file");
          return;
        }
        if (Status.getSize() > MaxSourceSize) {
          J.attribute("error", "larger than 8 MiB");
          return;
        }
        ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
            MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
        if (!Buffer) {
          J.attribute("error", Buffer.getError().message());
          return;
        }
        StringRef Text = (*Buffer)->getBuffer();
        J.attribute("text",
                    json::isUTF8(Text) ? Text.str() : json::fixUTF8(Text));
      });
    }
  });
}

/// The page's document: see the file comment and docs/CommandGuide.md.
static Error writeData(const Profile &P, const HTMLReportOptions &O,
                       raw_ostream &OS) {
  Error Err = Error::success();
  json::OStream J(OS);
  J.object([&] {
    J.attribute("title", O.Input);
    J.attribute("hot_percent", O.HotPercent);
    if (O.Metric)
      J.attribute("initial_metric", P.Metrics[*O.Metric].Name);
    else
      J.attribute("initial_metric", nullptr);
    J.attributeBegin("profile");
    Err = writeProfileModel(P, O.TopN, J);
    J.attributeEnd();
    J.attributeArray("concentration", [&] {
      for (size_t I = 0; I != P.Metrics.size(); ++I)
        if (P.Metrics[I].Merge == MetricMerge::Sum)
          writeConcentrationJSON(P, I, O.HotPercent, J);
    });
    writeSources(P, O.SourceRoot, J);
  });
  return Err;
}

/// \p Text made safe inside a <script> element: JSON has '<' only inside
/// strings, where \u003c means the same, so no "</script>" or "<!--" is
/// left to end the element early.
static std::string escapeForScript(StringRef Text) {
  std::string S;
  S.reserve(Text.size());
  for (char C : Text) {
    if (C == '<')
      S += "\\u003c";
    else
      S += C;
  }
  return S;
}

static std::string escapeHTML(StringRef Text) {
  std::string S;
  for (char C : Text) {
    switch (C) {
    case '&':
      S += "&amp;";
      break;
    case '<':
      S += "&lt;";
      break;
    case '>':
      S += "&gt;";
      break;
    case '"':
      S += "&quot;";
      break;
    default:
      S += C;
    }
  }
  return S;
}

/// Writes the template with each "{{NAME}}" replaced by Values[NAME], in one
/// pass, so that nothing a value holds is replaced again.
static Error fillTemplate(StringRef Template,
                          ArrayRef<std::pair<StringRef, StringRef>> Values,
                          raw_ostream &OS) {
  while (!Template.empty()) {
    size_t Open = Template.find("{{");
    OS << Template.take_front(Open);
    if (Open == StringRef::npos)
      break;
    Template = Template.drop_front(Open + 2);
    size_t Close = Template.find("}}");
    StringRef Name = Template.take_front(Close);
    const auto *It =
        llvm::find_if(Values, [&](const auto &V) { return V.first == Name; });
    // The template is ours; a marker it lacks a value for is a build bug.
    if (Close == StringRef::npos || It == Values.end())
      return createStringError(inconvertibleErrorCode(),
                               "the report template has an unknown marker "
                               "'{{" +
                                   Name + "'");
    OS << It->second;
    Template = Template.drop_front(Close + 2);
  }
  return Error::success();
}

Error pathprof::tool::writeHTMLReport(const Profile &P,
                                      const HTMLReportOptions &O) {
  if (std::error_code EC = sys::fs::create_directories(O.Directory))
    return createFileError(O.Directory, EC);
  // create_directories accepts a file that is in the way.
  if (!sys::fs::is_directory(O.Directory))
    return createFileError(O.Directory,
                           std::make_error_code(std::errc::not_a_directory));
  std::string Data;
  raw_string_ostream DataOS(Data);
  if (Error E = writeData(P, O, DataOS))
    return createFileError(O.Input, std::move(E));

  SmallString<256> Page(O.Directory);
  sys::path::append(Page, "index.html");
  std::error_code EC;
  raw_fd_ostream OS(Page, EC, sys::fs::OF_None);
  if (EC)
    return createFileError(Page, EC);
  std::string Title = escapeHTML(O.Input);
  std::string Escaped = escapeForScript(Data);
  // In the page itself, not drawn by the script: whoever opens it sees that
  // the counts are estimates.
  std::string Estimated;
  if (P.Estimated)
    Estimated = "\n  <p id=\"estimated\"><strong>" +
                escapeHTML(describeEstimated(*P.Estimated)) + "</strong></p>";
  if (Error E = fillTemplate(embedded(EmbeddedFile_index_html),
                             {{"TITLE", Title},
                              {"ESTIMATED", Estimated},
                              {"CSS", embedded(EmbeddedFile_report_css)},
                              {"JS", embedded(EmbeddedFile_report_js)},
                              {"DATA", Escaped}},
                             OS))
    return E;
  OS.close();
  if (OS.has_error())
    return createFileError(Page, OS.error());
  return Error::success();
}
