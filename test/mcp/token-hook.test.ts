/**
 * Issue 38 item 1: the bearer-token hook fails closed, over both entries (the generated
 * `createMcpFetchHandler` of mcp/fetch.ts and `startHttpServer` of mcp/http-server.ts, compiled with
 * tsc and driven in this process). Only `true` or an AuthInfo (token, clientId, scopes) serves a request;
 * every falsy value (as `return db.findToken(t)` gives when nothing is found), a Promise of each, and a
 * truthy value that is not an AuthInfo are answered 401. A hook that throws or rejects is answered 500
 * with a fixed body that holds nothing of the exception, and the error goes to the host's log (onerror).
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
import { sharedMcpCase, type McpCase } from "./harness.js";

type Hook = (token: string | undefined, request: Request) => unknown;
interface FetchModule {
  createMcpFetchHandler: (options: {
    authorize?: Hook;
    onerror?: (error: unknown) => void;
  }) => {
    fetch: (request: Request) => Promise<Response>;
    close: () => Promise<void>;
  };
}
interface HttpModule {
  startHttpServer: (options: {
    port: number;
    authorize?: Hook;
    onerror?: (error: unknown) => void;
  }) => Promise<import("node:http").Server>;
}

const FALSY: Array<[string, unknown]> = [
  ["false", false],
  ["undefined", undefined],
  ["null", null],
  ["0", 0],
  ["-0", -0],
  ["0n", 0n],
  ['""', ""],
  ["NaN", NaN],
];
/** Truthy, but neither true nor an AuthInfo: refused as well. */
const NOT_AUTH_INFO: Array<[string, unknown]> = [
  ["1", 1],
  ['"yes"', "yes"],
  ["{}", {}],
  ["[]", []],
  ["a row without clientId", { token: "t", scopes: [] }],
  ["scopes that are not strings", { token: "t", clientId: "c", scopes: [1] }],
];
const AUTH_INFO = { token: "t0k", clientId: "client-1", scopes: ["tools"] };
const SECRET = "db password is hunter2";
const FIXED_500 = {
  jsonrpc: "2.0",
  id: null,
  error: { code: -32603, message: "Internal server error" },
};

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "x", version: "1" },
  },
});
const headers = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  authorization: "Bearer abc",
  host: "127.0.0.1",
};

/** Every verdict to try, each as itself and as a Promise of itself. */
function cases(list: Array<[string, unknown]>): Array<[string, () => unknown]> {
  return list.flatMap(([name, value]): Array<[string, () => unknown]> => [
    [name, () => value],
    [`Promise of ${name}`, () => Promise.resolve(value)],
  ]);
}
const THROWING: Array<[string, () => unknown]> = [
  [
    "a hook that throws",
    () => {
      throw new Error(SECRET);
    },
  ],
  ["a hook that rejects", () => Promise.reject(new Error(SECRET))],
  [
    "a hook that throws a non-Error",
    () => {
      throw SECRET;
    },
  ],
];

let c: McpCase & { diagnostics: string[] };
let fetchModule: FetchModule;
let httpModule: HttpModule;
beforeAll(async () => {
  c = await sharedMcpCase(path.join(repoRoot, "schemas"));
  expect(c.diagnostics).toEqual([]);
  const mcp = path.join(c.dist, "generated", "mcp");
  fetchModule = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(mcp, "fetch.js")).href
  )) as FetchModule;
  httpModule = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(mcp, "http-server.js")).href
  )) as HttpModule;
});

describe("createMcpFetchHandler({ authorize })", () => {
  const ask = async (
    hook: Hook,
  ): Promise<{ status: number; body: string; logged: unknown[] }> => {
    const logged: unknown[] = [];
    const handler = fetchModule.createMcpFetchHandler({
      authorize: hook,
      onerror: (error) => logged.push(error),
    });
    try {
      const response = await handler.fetch(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers,
          body: initialize,
        }),
      );
      return { status: response.status, body: await response.text(), logged };
    } finally {
      await handler.close();
    }
  };

  for (const [name, hook] of cases([...FALSY, ...NOT_AUTH_INFO])) {
    it(`${name}: 401, the handler not reached`, async () => {
      const got = await ask(hook);
      expect(got.status).toBe(401);
      expect(JSON.parse(got.body)).toMatchObject({ error: { code: -32001 } });
      expect(got.logged).toEqual([]);
    });
  }

  for (const [name, hook] of cases([
    ["true", true],
    ["an AuthInfo", AUTH_INFO],
  ])) {
    it(`${name}: served`, async () => {
      const got = await ask(hook);
      expect(got.status).toBe(200);
      expect(got.body).toContain('"serverInfo"');
    });
  }

  for (const [name, hook] of THROWING) {
    it(`${name}: 500 with a fixed body; the error goes to onerror, not to the client`, async () => {
      const got = await ask(hook);
      expect(got.status).toBe(500);
      expect(JSON.parse(got.body)).toEqual(FIXED_500);
      expect(got.body).not.toContain("hunter2");
      expect(got.logged).toHaveLength(1);
      expect(String(got.logged[0])).toContain(SECRET);
    });
  }
});

describe("startHttpServer({ authorize })", () => {
  it("serves only on true or an AuthInfo; 401 for every other verdict; 500 with a fixed body for a throwing hook", async () => {
    let hook: () => unknown = () => false;
    const logged: unknown[] = [];
    const server = await httpModule.startHttpServer({
      port: 0,
      authorize: () => hook(),
      onerror: (error) => logged.push(error),
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const post = async (): Promise<{ status: number; body: string }> => {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: initialize,
      });
      return { status: response.status, body: await response.text() };
    };
    try {
      for (const [name, verdict] of cases([...FALSY, ...NOT_AUTH_INFO])) {
        hook = verdict;
        expect({ name, status: (await post()).status }).toEqual({
          name,
          status: 401,
        });
      }
      for (const [name, verdict] of cases([
        ["true", true],
        ["an AuthInfo", AUTH_INFO],
      ])) {
        hook = verdict;
        expect({ name, status: (await post()).status }).toEqual({
          name,
          status: 200,
        });
      }
      expect(logged).toEqual([]);
      for (const [name, verdict] of THROWING) {
        hook = verdict;
        const got = await post();
        expect({ name, status: got.status }).toEqual({ name, status: 500 });
        expect(JSON.parse(got.body)).toEqual(FIXED_500);
      }
      expect(logged.map(String).every((text) => text.includes(SECRET))).toBe(
        true,
      );
      expect(logged).toHaveLength(THROWING.length);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
