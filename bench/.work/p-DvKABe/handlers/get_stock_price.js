/**
 * Handler for the tool "get_stock_price".
 *
 * Retrieves the current stock price for a given ticker symbol. The ticker symbol must be a valid symbol for a publicly traded company on a major US stock exchange like NYSE or NASDAQ. The tool will return the latest trade price in USD. It should be used when the user asks about the current or most recent price of a specific stock. It will not provide any other information about the stock or company.
 *
 * Return a string, an array of text/image blocks, or any JSON value (sent as JSON text);
 * throw to send the model an error it can act on. Your code here is never overwritten by `toolgen build`.
 * `_context` (the tool_use id, tool name and protocol) keeps its underscore while unused: rename it to use it.
 */
export default async function handleGetStockPrice(input, _context) {
    void input; // delete this line once your code reads `input` (it keeps `noUnusedParameters` quiet meanwhile)
    return { tool: _context.toolName, input };
}
