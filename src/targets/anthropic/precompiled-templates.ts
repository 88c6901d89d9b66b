// Written by scripts/templates.mjs from templates/ (npm run build); test/targets/anthropic/precompiled-templates.test.ts
// checks that it is current. Handlebars' precompiled code is untyped JavaScript: not type-checked.
// @ts-nocheck
import type { TemplateSpecification } from "handlebars";

/** The options of every template, precompiled here or compiled by the renderer. */
export const COMPILE_OPTIONS: CompileOptions = {"strict":true,"noEscape":true};

/** Template path (as load/assets.ts names it) -> its text, and Handlebars' precompiled form of that text. */
export const PRECOMPILED: ReadonlyMap<string, { text: string; spec: TemplateSpecification }> = new Map([
  [
    "legacy-prompt.hbs",
    {
      text: "In this environment you have access to a set of tools you can use to answer the user's question.\n\nYou may call them like this:\n<function_calls>\n<invoke>\n<tool_name>$TOOL_NAME</tool_name>\n<parameters>\n<$PARAMETER_NAME>$PARAMETER_VALUE</$PARAMETER_NAME>\n...\n</parameters>\n</invoke>\n</function_calls>\n\nHere are the tools available:\n<tools>\n{{#each tools}}\n{{> tool-description}}\n{{/each}}\n</tools>\n",
      spec: {"0":function(container,depth0,helpers,partials,data) {
    var stack1, lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = container.invokePartial(lookupProperty(partials,"tool-description"),depth0,{"name":"tool-description","data":data,"helpers":helpers,"partials":partials,"decorators":container.decorators})) != null ? stack1 : "");
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "In this environment you have access to a set of tools you can use to answer the user's question.\n\nYou may call them like this:\n<function_calls>\n<invoke>\n<tool_name>$TOOL_NAME</tool_name>\n<parameters>\n<$PARAMETER_NAME>$PARAMETER_VALUE</$PARAMETER_NAME>\n...\n</parameters>\n</invoke>\n</function_calls>\n\nHere are the tools available:\n<tools>\n"
    + ((stack1 = lookupProperty(helpers,"each").call(depth0 != null ? depth0 : (container.nullContext || {}),lookupProperty(depth0,"tools"),{"name":"each","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":16,"column":0},"end":{"line":18,"column":9}}})) != null ? stack1 : "")
    + "</tools>\n";
},"usePartial":true,"useData":true},
    },
  ],
  [
    "partials/parameter.hbs",
    {
      text: "<parameter>\n<name>{{xml name}}</name>\n<type>{{xml type}}</type>\n<description>{{xml description}}</description>\n</parameter>\n",
      spec: {"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "<parameter>\n<name>"
    + ((stack1 = (lookupProperty(helpers,"xml")||alias1(depth0, "xml", {"start":{"line":2,"column":8},"end":{"line":2,"column":11}} )).call(alias2,lookupProperty(depth0,"name"),{"name":"xml","hash":{},"data":data,"loc":{"start":{"line":2,"column":6},"end":{"line":2,"column":18}}})) != null ? stack1 : "")
    + "</name>\n<type>"
    + ((stack1 = (lookupProperty(helpers,"xml")||alias1(depth0, "xml", {"start":{"line":3,"column":8},"end":{"line":3,"column":11}} )).call(alias2,lookupProperty(depth0,"type"),{"name":"xml","hash":{},"data":data,"loc":{"start":{"line":3,"column":6},"end":{"line":3,"column":18}}})) != null ? stack1 : "")
    + "</type>\n<description>"
    + ((stack1 = (lookupProperty(helpers,"xml")||alias1(depth0, "xml", {"start":{"line":4,"column":15},"end":{"line":4,"column":18}} )).call(alias2,lookupProperty(depth0,"description"),{"name":"xml","hash":{},"data":data,"loc":{"start":{"line":4,"column":13},"end":{"line":4,"column":32}}})) != null ? stack1 : "")
    + "</description>\n</parameter>\n";
},"useData":true},
    },
  ],
  [
    "partials/tool-description.hbs",
    {
      text: "<tool_description>\n<tool_name>{{xml name}}</tool_name>\n<description>\n{{xml description}}\n</description>\n<parameters>\n{{#each parameters}}\n{{> parameter}}\n{{/each}}\n</parameters>\n</tool_description>\n",
      spec: {"0":function(container,depth0,helpers,partials,data) {
    var stack1, lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = container.invokePartial(lookupProperty(partials,"parameter"),depth0,{"name":"parameter","data":data,"helpers":helpers,"partials":partials,"decorators":container.decorators})) != null ? stack1 : "");
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "<tool_description>\n<tool_name>"
    + ((stack1 = (lookupProperty(helpers,"xml")||alias1(depth0, "xml", {"start":{"line":2,"column":13},"end":{"line":2,"column":16}} )).call(alias2,lookupProperty(depth0,"name"),{"name":"xml","hash":{},"data":data,"loc":{"start":{"line":2,"column":11},"end":{"line":2,"column":23}}})) != null ? stack1 : "")
    + "</tool_name>\n<description>\n"
    + ((stack1 = (lookupProperty(helpers,"xml")||alias1(depth0, "xml", {"start":{"line":4,"column":2},"end":{"line":4,"column":5}} )).call(alias2,lookupProperty(depth0,"description"),{"name":"xml","hash":{},"data":data,"loc":{"start":{"line":4,"column":0},"end":{"line":4,"column":19}}})) != null ? stack1 : "")
    + "\n</description>\n<parameters>\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias2,lookupProperty(depth0,"parameters"),{"name":"each","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":7,"column":0},"end":{"line":9,"column":9}}})) != null ? stack1 : "")
    + "</parameters>\n</tool_description>\n";
},"usePartial":true,"useData":true},
    },
  ],
]);
