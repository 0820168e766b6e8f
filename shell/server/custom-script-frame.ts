import express from 'express';

/**
 * The runtime of the frame in which a public form runs its owner's JavaScript (settings tab
 * "javascript"; the page's side is packages/form-renderer/src/custom-script). It defines `formwerk`
 * (docs/custom-script-api.md), hands the page a MessagePort together with the channel name from its
 * address, and runs the owner's code once the page has sent it over that port.
 *
 * Everything here runs with an opaque origin (the frame's sandbox and this document's CSP both say
 * `sandbox allow-scripts`), so nothing in it is trusted by the page: every request is checked there.
 * Protocol version 1; the page refuses a frame that speaks another.
 */
export const customScriptRuntime = `(function () {
  'use strict';
  var protocolVersion = 1;
  var channel = /^#channel=([0-9a-f]{32})$/.exec(location.hash);
  if (!channel) return;
  var messages = new MessageChannel();
  var port = messages.port1;
  var values = {};
  var fields = [];
  var page = { pageIndex: 0, pageCount: 1 };
  var handlers = { change: [], pageChange: [], submit: [] };
  var pending = {};
  var nextRequestId = 1;
  var hasStarted = false;
  var refusals = {
    unknownField: 'the form has no field with this id',
    readOnlyField: 'a script cannot set this kind of field',
    invalidValue: 'the value does not fit the field'
  };

  // Handlers get copies: what one handler changes, the next one and the form never see.
  function copy(value) {
    return value === undefined ? null : JSON.parse(JSON.stringify(value));
  }
  function store(fieldId, value) {
    if (value === null) delete values[fieldId];
    else values[fieldId] = value;
  }
  function emit(name, detail) {
    handlers[name].slice().forEach(function (handler) {
      try {
        handler(copy(detail));
      } catch (error) {
        console.error(error);
      }
    });
  }
  function has(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  var formwerk = Object.freeze({
    getValue: function (fieldId) {
      return has(values, String(fieldId)) ? copy(values[String(fieldId)]) : null;
    },
    getValues: function () {
      return copy(values);
    },
    getFields: function () {
      return copy(fields);
    },
    getPage: function () {
      return copy(page);
    },
    setValue: function (fieldId, value) {
      var requestId = nextRequestId++;
      return new Promise(function (resolve) {
        pending[requestId] = resolve;
        try {
          port.postMessage({
            type: 'setValue',
            requestId: requestId,
            fieldId: String(fieldId),
            value: value === undefined ? null : value
          });
        } catch (error) {
          delete pending[requestId];
          console.warn('formwerk.setValue("' + fieldId + '") ignored: ' + refusals.invalidValue);
          resolve(false);
        }
      });
    },
    on: function (name, handler) {
      if (!has(handlers, name)) throw new TypeError('formwerk.on: there is no event "' + name + '"');
      if (typeof handler !== 'function') throw new TypeError('formwerk.on: the handler must be a function');
      handlers[name].push(handler);
      return function off() {
        var index = handlers[name].indexOf(handler);
        if (index >= 0) handlers[name].splice(index, 1);
      };
    }
  });
  Object.defineProperty(window, 'formwerk', { value: formwerk, enumerable: true });

  function start(message) {
    if (hasStarted) return;
    if (message.version !== protocolVersion) {
      console.error('formwerk: the form speaks protocol version ' + message.version + ', this frame ' + protocolVersion);
      return;
    }
    hasStarted = true;
    fields = message.fields;
    values = message.values;
    page = { pageIndex: message.pageIndex, pageCount: message.pageCount };
    // A script element, not eval: the owner's code runs as a classic script of this document, and
    // its errors surface in the console like any page's.
    var script = document.createElement('script');
    script.textContent = String(message.code);
    document.body.appendChild(script);
  }

  port.onmessage = function (event) {
    var message = event.data || {};
    switch (message.type) {
      case 'init':
        start(message);
        break;
      case 'result': {
        var resolve = pending[message.requestId];
        delete pending[message.requestId];
        if (message.isApplied) store(message.fieldId, message.value);
        else console.warn('formwerk.setValue("' + message.fieldId + '") ignored: ' + refusals[message.reason]);
        if (resolve) resolve(message.isApplied === true);
        break;
      }
      case 'change':
        store(message.fieldId, message.value);
        emit('change', { fieldId: message.fieldId, value: message.value });
        break;
      case 'pageChange':
        page = { pageIndex: message.pageIndex, pageCount: message.pageCount };
        emit('pageChange', page);
        break;
      case 'submit':
        values = message.values;
        emit('submit', { values: message.values });
        break;
    }
  };

  window.parent.postMessage(
    { type: 'formwerk:script-ready', version: protocolVersion, channel: channel[1] },
    '*',
    [messages.port2]
  );
})();
`;

export const customScriptFrameHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Form script</title>
  </head>
  <body>
    <script>${customScriptRuntime}</script>
  </body>
</html>
`;

/**
 * The frame document's own policy, in place of the site's: `sandbox allow-scripts` gives it an opaque
 * origin even when it is opened on its own (not in the form's sandboxed iframe); inline scripts run
 * (the runtime and the owner's code); what the code may load or call on the network is the owner's
 * business, since it runs with no cookie, storage or session of this site. Any site may frame it,
 * because the public form pages around it may be embedded anywhere.
 */
export const customScriptFramePolicy = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline' *",
  'connect-src *',
  'img-src * data:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

export const customScriptFramePath = '/form-script-frame.html';

// The runtime changes only with a deploy of the shell; a form page of the old deploy still speaks to it.
const cacheControl = 'public, max-age=3600';

export function createCustomScriptFrameRouter(): express.Router {
  const router = express.Router();
  router.get(customScriptFramePath, (_request, response) => {
    response
      .set('Content-Security-Policy', customScriptFramePolicy)
      .set('Cache-Control', cacheControl)
      .set('Cross-Origin-Resource-Policy', 'cross-origin')
      .removeHeader('X-Frame-Options');
    response.type('html').send(customScriptFrameHtml);
  });
  return router;
}
