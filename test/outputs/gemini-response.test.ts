/**
 * Issue 40 item 4: the gemini output's declarations carry the tool's output schema, as
 * `responseJsonSchema` (JSON Schema, the default form) or `response` (lowered to Gemini's OpenAPI subset,
 * as the input schema is, with geminiSchemaField: "parameters"). @google/genai's own client sends them
 * to a fake Gemini API on 127.0.0.1, and one turn of the loop runs through the generated adapter.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { GoogleGenAI, type Content, type FunctionDeclaration, type Part } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { lowerToOpenApi } from "../../src/schema/openapi.js";
import { repoTempDir } from "../e2e/compile.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "gemini"];

const FORECAST = {
  name: "get_forecast",
  description: "Gets the weather forecast for a city. Use it when the user asks about the coming days. It returns the forecast as an object.",
  input_schema: { type: "object", properties: { city: { type: "string", description: "The city, e.g. Rome." } }, required: ["city"], additionalProperties: false },
  output_schema: {
    type: "object",
    properties: { city: { type: "string" }, days: { type: "array", items: { $ref: "#/$defs/day" } } },
    required: ["city", "days"],
    additionalProperties: false,
    $defs: { day: { type: "object", properties: { high: { type: "number" }, sky: { enum: ["sun", "rain"] } }, required: ["high"] } },
  },
};
const PLAIN = {
  name: "get_time",
  description: "Gets the current time in a city. Use it when the user asks what time it is. It returns the time as text.",
  input_schema: { type: "object", properties: { city: { type: "string", description: "The city, e.g. Rome." } }, required: ["city"] },
};

/** A fake Gemini API: answers generateContent from a script and records each request body. */
interface FakeGemini {
  baseUrl: string;
  bodies: Array<{ tools?: Array<{ functionDeclarations?: Array<Record<string, unknown>> }>; contents?: Content[] }>;
  replies: Part[][];
  server: Server;
}

async function startFakeGemini(): Promise<FakeGemini> {
  const fake: FakeGemini = { baseUrl: "", bodies: [], replies: [], server: undefined as unknown as Server };
  fake.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || !/\/models\/[^/]+:generateContent$/.test(req.url?.split("?")[0] ?? "")) {
        res.writeHead(404).end();
        return;
      }
      fake.bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeGemini["bodies"][number]);
      const parts = fake.replies[Math.min(fake.bodies.length, fake.replies.length) - 1] ?? [{ text: "no script" }];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }], modelVersion: "gemini-test" }));
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

interface GeminiModule {
  functionDeclarations: FunctionDeclaration[];
  geminiDispatcher: { dispatchParts(parts: unknown): Promise<Part[]> };
}

async function generated(field: "parametersJsonSchema" | "parameters"): Promise<{ module: GeminiModule; text: string; findings: string[] }> {
  const dir = await repoTempDir();
  await mkdir(path.join(dir, "schemas"));
  for (const tool of [FORECAST, PLAIN]) await writeFile(path.join(dir, "schemas", `${tool.name}.json`), JSON.stringify(tool, null, 2));
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  // The `parameters` form is only sent, never dispatched: no handler files.
  const outputs = field === "parameters" ? OUTPUTS.filter((o) => o !== "handlers") : OUTPUTS;
  const { diagnostics } = await build({ schemas: path.join(dir, "schemas"), out, handlers, cache: false, outputs, geminiSchemaField: field });
  const findings = diagnostics.filter((d) => d.rule === "gemini-parameters-lossless").map((d) => `${d.tool} ${d.pointer}: ${d.message}`);
  for (const file of field === "parameters" ? [] : await readdir(handlers)) {
    const full = path.join(handlers, file);
    await writeFile(full, (await readFile(full, "utf8")).replace(/  throw new Error\(.*\);\n/, '  return { city: "Rome", days: [{ high: 21, sky: "sun" }] };\n'));
  }
  return { module: (await import(path.join(out, "gemini.ts"))) as GeminiModule, text: await readFile(path.join(out, "gemini.ts"), "utf8"), findings };
}

let fake: FakeGemini;
let ai: GoogleGenAI;

beforeAll(async () => {
  fake = await startFakeGemini();
  ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl: fake.baseUrl } });
});

afterAll(async () => {
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
});

describe("the gemini output's output schemas, through @google/genai", () => {
  it("Gemini receives responseJsonSchema: the output schema as the file has it; a tool without one has none", async () => {
    const { module } = await generated("parametersJsonSchema");
    fake.bodies.length = 0;
    fake.replies = [[{ functionCall: { id: "c1", name: "get_forecast", args: { city: "Rome" } } }], [{ text: "Sunny, 21." }]];
    const config = { tools: [{ functionDeclarations: module.functionDeclarations }] };
    const user: Content = { role: "user", parts: [{ text: "Forecast for Rome?" }] };
    const first = await ai.models.generateContent({ model: "gemini-test", contents: [user], config });
    const sent = fake.bodies[0]!.tools![0]!.functionDeclarations!;
    expect(sent.map((d) => d["name"])).toEqual(["get_forecast", "get_time"]);
    expect(sent[0]!["responseJsonSchema"]).toEqual(FORECAST.output_schema);
    expect(sent[0]!["parametersJsonSchema"]).toEqual(FORECAST.input_schema);
    expect(Object.keys(sent[1]!)).not.toContain("responseJsonSchema");

    // One turn of the loop: the call answered by its handler through the adapter, sent back.
    const model = first.candidates![0]!.content!;
    const answers = await module.geminiDispatcher.dispatchParts(model.parts);
    const second = await ai.models.generateContent({ model: "gemini-test", contents: [user, model, { role: "user", parts: answers }], config });
    expect(second.text).toBe("Sunny, 21.");
    expect(fake.bodies[1]!.contents![2]!.parts).toEqual([{ functionResponse: { id: "c1", name: "get_forecast", response: { output: JSON.stringify({ city: "Rome", days: [{ high: 21, sky: "sun" }] }) } } }]);
  });

  it("with geminiSchemaField: \"parameters\", Gemini receives `response`: the output schema lowered as the input schema is", async () => {
    const { module, text, findings } = await generated("parameters");
    expect(text).not.toContain("responseJsonSchema");
    // What the lowering loses of the output schema, the rule reports at its place in the file (a warning in this form).
    expect(findings.map((f) => f.slice(0, f.indexOf(":")))).toEqual(["get_forecast /input_schema/additionalProperties", "get_forecast /output_schema/additionalProperties"]);
    fake.bodies.length = 0;
    fake.replies = [[{ text: "Hello." }]];
    await ai.models.generateContent({ model: "gemini-test", contents: "Hi.", config: { tools: [{ functionDeclarations: module.functionDeclarations }] } });
    const sent = fake.bodies[0]!.tools![0]!.functionDeclarations!;
    // Lowered as `parameters` is (src/schema/openapi.ts): $refs inlined, types upper-case, `additionalProperties` gone.
    expect(sent[0]!["response"]).toEqual({
      type: "OBJECT",
      properties: {
        city: { type: "STRING" },
        days: { type: "ARRAY", items: { type: "OBJECT", properties: { high: { type: "NUMBER" }, sky: { enum: ["sun", "rain"] } }, required: ["high"] } },
      },
      required: ["city", "days"],
    });
    const lowered = lowerToOpenApi(FORECAST.output_schema);
    expect(lowered.ok && sent[0]!["response"]).toEqual(lowered.ok && lowered.schema);
    expect(sent[0]!["parameters"]).toEqual({ type: "OBJECT", properties: { city: { type: "STRING", description: "The city, e.g. Rome." } }, required: ["city"] });
    expect(Object.keys(sent[1]!)).not.toContain("response");
  });
});
