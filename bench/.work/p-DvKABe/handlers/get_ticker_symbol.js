/**
 * Handler for the tool "get_ticker_symbol".
 *
 * Gets the stock ticker symbol of a company searched by name. It returns the symbol as a string, such as GM for General Motors. Use it before looking up a stock price when the user names a company rather than a symbol. It fails with TickerNotFound when no listed company matches the name.
 *
 * Return a string, an array of text/image blocks, or any JSON value (sent as JSON text);
 * throw to send the model an error it can act on. Your code here is never overwritten by `toolgen build`.
 * `_context` (the tool_use id, tool name and protocol) keeps its underscore while unused: rename it to use it.
 */
export default async function handleGetTickerSymbol(input, _context) {
    void input; // delete this line once your code reads `input` (it keeps `noUnusedParameters` quiet meanwhile)
    return { tool: _context.toolName, input };
}
