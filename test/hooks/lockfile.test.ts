/**
 * Issue 12.7: `npm install` in a fresh clone rewrote package-lock.json, whose root entry still named
 * an old `bin`. The lock's root entry must say what package.json says, so that install leaves
 * `git status` clean.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (name: string) => JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), "utf8")) as Record<string, unknown>;

describe("package-lock.json", () => {
  const pkg = read("package.json");
  const lock = read("package-lock.json");
  const root = (lock.packages as Record<string, Record<string, unknown>>)[""]!;

  it("names the package and version package.json names", () => {
    expect(lock.name).toBe(pkg.name);
    expect(lock.version).toBe(pkg.version);
    expect(root.name).toBe(pkg.name);
    expect(root.version).toBe(pkg.version);
  });

  for (const field of ["bin", "dependencies", "devDependencies", "optionalDependencies", "peerDependencies", "engines", "license"]) {
    it(`has the root entry's ${field} as package.json has it`, () => {
      expect(root[field]).toEqual(pkg[field]);
    });
  }

  it("locks every dependency package.json declares", () => {
    const packages = lock.packages as Record<string, unknown>;
    const declared = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) };
    for (const name of Object.keys(declared)) expect(packages, name).toHaveProperty([`node_modules/${name}`]);
  });
});
