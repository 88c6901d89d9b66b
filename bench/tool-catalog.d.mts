// Types of bench/tool-catalog.mjs (the synthetic tool folder of issue 28).
export interface CatalogTool {
  name: string;
  description: string;
  input_schema: { type: "object"; properties: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties: false };
  tags: string[];
}
export interface CatalogRequest {
  request: string;
  expected: string[];
  arguments?: Record<string, unknown>;
}
export function tool(i: number): CatalogTool;
export function tools(n: number): CatalogTool[];
export function requestsFor(n: number, count: number): CatalogRequest[];
