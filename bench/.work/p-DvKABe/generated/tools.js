/** Pass as the `tools` field of a Messages API request. Self-contained: external $refs are bundled. */
export const tools = JSON.parse(`[
  {
    "name": "get_current_stock_price",
    "description": "Gets the current stock price of a company from its ticker symbol. It returns the price as a number \
in US dollars. Use it after get_ticker_symbol when the user asks what a company's shares cost now. It fails with \
ValueError when the symbol is invalid or unknown.",
    "input_schema": {
      "type": "object",
      "properties": {
        "symbol": {
          "type": "string",
          "description": "The stock ticker symbol of the company, e.g. GM."
        }
      },
      "required": [
        "symbol"
      ]
    }
  },
  {
    "name": "get_stock_price",
    "description": "Retrieves the current stock price for a given ticker symbol. The ticker symbol must be a valid \
symbol for a publicly traded company on a major US stock exchange like NYSE or NASDAQ. The tool will return the latest \
trade price in USD. It should be used when the user asks about the current or most recent price of a specific stock. \
It will not provide any other information about the stock or company.",
    "input_schema": {
      "type": "object",
      "properties": {
        "ticker": {
          "type": "string",
          "description": "The stock ticker symbol, e.g. AAPL for Apple Inc."
        }
      },
      "required": [
        "ticker"
      ]
    }
  },
  {
    "name": "get_ticker_symbol",
    "description": "Gets the stock ticker symbol of a company searched by name. It returns the symbol as a string, \
such as GM for General Motors. Use it before looking up a stock price when the user names a company rather than a \
symbol. It fails with TickerNotFound when no listed company matches the name.",
    "input_schema": {
      "type": "object",
      "properties": {
        "company_name": {
          "type": "string",
          "description": "The name of the company, e.g. General Motors."
        }
      },
      "required": [
        "company_name"
      ]
    }
  },
  {
    "name": "get_weather",
    "description": "Gets the current weather for a given location. It returns the temperature, a short description of \
the conditions (such as sunny or light rain), and the wind speed at the time of the call. Use it when the user asks \
about the weather now or today in a specific place. It does not give forecasts for later days or historical weather, \
and it fails when the location cannot be found.",
    "input_schema": {
      "type": "object",
      "properties": {
        "location": {
          "type": "string",
          "description": "The city and state or country, e.g. San Francisco, CA or Paris, France."
        },
        "unit": {
          "type": "string",
          "enum": [
            "celsius",
            "fahrenheit"
          ],
          "description": "The temperature unit of the answer, either 'celsius' or 'fahrenheit'."
        }
      },
      "required": [
        "location"
      ]
    }
  }
]`);
