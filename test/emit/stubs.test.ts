import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";
import { cp } from "node:fs/promises";

const BODY = `  // my own code: it must survive every build
  const unit = input.unit ?? "celsius";
  return \`15 degrees \${unit} in \${input.location}\`;
`;

async function seedProject() {
  const dir = await repoTempDir();
  await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
  return { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
}

describe("handler stubs", () => {
  it("keep the user's body when the schema changes, while the input type follows the schema", async () => {
    const p = await seedProject();
    await build(p);
    const handler = path.join(p.handlers, "get_weather.ts");
    const stub = await readFile(handler, "utf8");
    expect(stub).toContain('input: ToolInputs["get_weather"], _context: ToolContext');
    expect(stub).toContain('throw new Error("get_weather is not implemented yet');
    const filled = stub.replace(/  throw new Error\(.*\);\n/, BODY);
    await writeFile(handler, filled);

    // Change the schema: a new required parameter.
    const schemaFile = path.join(p.schemas, "get_weather.json");
    const schema = JSON.parse(await readFile(schemaFile, "utf8"));
    schema.input_schema.properties.days = { type: "integer", description: "Days ahead, 0 to 3." };
    schema.input_schema.required.push("days");
    await writeFile(schemaFile, JSON.stringify(schema, null, 2));
    const result = await build(p);

    expect(await readFile(handler, "utf8")).toBe(filled);
    expect(result.written.some((f) => f.endsWith("handlers/get_weather.ts"))).toBe(false);
    expect(await readFile(path.join(p.out, "types", "get_weather.ts"), "utf8")).toMatch(/days: number/);
    // The body now sees the new field: using it type-checks, and a wrong type does not.
    await writeFile(handler, filled.replace("// my own code", "const d: number = input.days; void d; // my own code"));
    const files = [path.join(p.out, "index.ts"), handler];
    expect(typecheck(files, "nodenext")).toEqual([]);
    await writeFile(handler, filled.replace("// my own code", "const d: string = input.days; void d; // my own code"));
    expect(typecheck(files, "nodenext").join("\n")).toMatch(/Type 'number' is not assignable to type 'string'/);
  });

  it("follow a moved output folder by editing only the import, and fix a stale parameter type", async () => {
    const p = await seedProject();
    await build(p);
    const handler = path.join(p.handlers, "get_ticker_symbol.ts");
    const user = (await readFile(handler, "utf8"))
      .replace(/  throw new Error\(.*\);\n/, "  /* keep me */ return input.company_name.toUpperCase();\n")
      .replace('input: ToolInputs["get_ticker_symbol"]', "input: { company_name: string }");
    await writeFile(handler, user);
    await build({ ...p, out: path.join(p.dir, "src", "gen") });
    const updated = await readFile(handler, "utf8");
    expect(updated).toContain('from "../src/gen/index.js"');
    expect(updated).toContain('input: ToolInputs["get_ticker_symbol"]');
    expect(updated).toContain("/* keep me */ return input.company_name.toUpperCase();\n");
    // Everything but the import path and the parameter type is byte-identical.
    const normalise = (t: string) => t.replace(/from "[^"]+"/, "").replace(/input: [^,]+, _context/, "");
    expect(normalise(updated)).toBe(normalise(user));
  });

  it("leave a handler without a default-exported function untouched, and say so", async () => {
    const p = await seedProject();
    await build(p);
    const handler = path.join(p.handlers, "get_stock_price.ts");
    const odd = "export const notDefault = 1;\n";
    await writeFile(handler, odd);
    const result = await build(p);
    expect(await readFile(handler, "utf8")).toBe(odd);
    expect(result.notes.join("\n")).toMatch(/get_stock_price\.ts: no default-exported function found/);
  });
});
