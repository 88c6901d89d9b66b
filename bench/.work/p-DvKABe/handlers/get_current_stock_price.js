/**
 * Handler for the tool "get_current_stock_price".
 *
 * Gets the current stock price of a company from its ticker symbol. It returns the price as a number in US dollars. Use it after get_ticker_symbol when the user asks what a company's shares cost now. It fails with ValueError when the symbol is invalid or unknown.
 *
 * Return a string, an array of text/image blocks, or any JSON value (sent as JSON text);
 * throw to send the model an error it can act on. Your code here is never overwritten by `toolgen build`.
 * `_context` (the tool_use id, tool name and protocol) keeps its underscore while unused: rename it to use it.
 */
export default async function handleGetCurrentStockPrice(input, _context) {
    void input; // delete this line once your code reads `input` (it keeps `noUnusedParameters` quiet meanwhile)
    return { tool: _context.toolName, input };
}
