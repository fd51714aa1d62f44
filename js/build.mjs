// Bundle the front end: one ES module per entry (the farmyard widgets share one), from js/entries/ into
// cfwidget/widget/static/ (the widgets') and cfwidget/room/static/ (the room server's pages), which
// the wheel ships (so it needs no Node).
//
//   node js/build.mjs           write the bundles (make js-bundle)
//   node js/build.mjs --check   build them in memory and compare them byte for byte with the
//                               committed files; exit 1 naming each one that is stale
//
// The same sources give the same bytes: no minifying, no source maps, no timestamps, and
// paths in the bundle's comments relative to the repository's root.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The entries: where each bundle goes, and what it is the front end of (the Python classes
 * whose `_esm` it is, or the room server's page that loads it).
 * @type {Record<string, {out: string, of: string}>}
 */
export const ENTRIES = {
  farmyard: { out: "cfwidget/widget/static", of: "GameWidget, GuidedSession, ReviewWidget and MistakesWidget" },
  setpicker: { out: "cfwidget/widget/static", of: "SetPicker" },
  room: { out: "cfwidget/room/static", of: "the room server's join page (join.html)" },
  host: { out: "cfwidget/room/static", of: "the room server's host page (host.html)" },
};

/**
 * esbuild's options for one bundle.
 * @param {string} name the entry's name (a key of ENTRIES)
 * @param {boolean} write
 * @returns {esbuild.BuildOptions & {write: boolean}}
 */
function options(name, write) {
  const entry = `js/entries/${name}.js`;
  return {
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: `${ENTRIES[name].out}/${name}.js`,
    banner: {
      js:
        `// cfwidget: the front end of ${ENTRIES[name].of}, bundled by esbuild from ${entry} and the\n` +
        "// modules of js/ it imports. Do not edit: change the sources and run `make js-bundle`.",
    },
    bundle: true,
    format: "esm",
    target: "es2022",
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
    write,
  };
}

/**
 * Build the bundles in memory and name those that differ from the committed files.
 * @returns {Promise<string[]>} the stale (or missing) bundles, relative to the root
 */
async function stale() {
  /** @type {string[]} */
  const out = [];
  for (const name of Object.keys(ENTRIES)) {
    const [file] = (await esbuild.build(options(name, false))).outputFiles || [];
    const committed = await readFile(file.path).catch(() => null);
    if (!committed || !Buffer.from(file.contents).equals(committed)) out.push(path.relative(ROOT, file.path));
  }
  return out;
}

if (process.argv.includes("--check")) {
  const names = await stale();
  for (const name of names) {
    console.error(`${name} is stale: it is not what its sources in js/ build. Rebuild it with: make js-bundle`);
  }
  process.exitCode = names.length ? 1 : 0;
} else {
  for (const name of Object.keys(ENTRIES)) await esbuild.build(options(name, true));
}
