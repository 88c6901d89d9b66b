
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const result = (tool, input) => ({ content: [{ type: "text", text: JSON.stringify({ tool, input }) }] });

serveStdio(() => {
  const server = new McpServer({ name: "hand", version: "1.0.0" });
  server.registerTool("get_current_stock_price", {
    description: "Gets the current stock price of a company.",
    inputSchema: z.object({ symbol: z.string().describe("The stock ticker symbol of the company, e.g. GM.") }),
  }, async (input) => result("get_current_stock_price", input));
  server.registerTool("get_stock_price", {
    description: "Gets the stock price for a ticker.",
    inputSchema: z.object({ ticker: z.string().describe("The stock ticker symbol, e.g. AAPL for Apple Inc.") }),
  }, async (input) => result("get_stock_price", input));
  server.registerTool("get_ticker_symbol", {
    description: "Gets the ticker symbol of a company.",
    inputSchema: z.object({ company_name: z.string().describe("The name of the company, e.g. General Motors.") }),
  }, async (input) => result("get_ticker_symbol", input));
  server.registerTool("get_weather", {
    description: "Gets the current weather for a given location.",
    inputSchema: z.object({
      location: z.string().describe("The city and state or country, e.g. San Francisco, CA or Paris, France."),
      unit: z.enum(["celsius", "fahrenheit"]).optional().describe("The temperature unit of the answer, either 'celsius' or 'fahrenheit'."),
    }),
  }, async (input) => result("get_weather", input));
  return server;
});
