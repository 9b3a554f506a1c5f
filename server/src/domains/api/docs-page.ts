import type { OpenAPIObject } from 'trpc-to-openapi';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

const PROBLEM_CODES = ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS', 'INTERNAL_SERVER_ERROR'];

function schemaBlock(schema: unknown): string {
  return `<details><summary>Schema</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;
}

/**
 * The reference page at /api/docs: made by us from the OpenAPI document (no CDN, no script, so it
 * works offline and under the app's Content-Security-Policy): each endpoint by tag with its
 * parameters, request body, responses and their schemas, and the problem types errors name.
 */
export function apiReferencePage(document: OpenAPIObject): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Operation>)) {
      const operation = raw;
      const tag = operation.tags?.[0] ?? 'Other';
      const parameters = (operation.parameters ?? [])
        .map(
          (parameter) =>
            `<li><code>${escape(parameter.name)}</code> (${escape(parameter.in)}${parameter.required ? ', required' : ''})</li>`,
        )
        .join('');
      const body = Object.entries(operation.requestBody?.content ?? {})
        .map(([type, media]) => `<p>Body: <code>${escape(type)}</code></p>${schemaBlock(media.schema)}`)
        .join('');
      const responses = Object.entries(operation.responses ?? {})
        .map(([status, response]) => `<li><strong>${escape(status)}</strong> ${escape(response.description ?? '')}</li>`)
        .join('');
      const ok = operation.responses?.['200'] ?? operation.responses?.['201'];
      const okSchema = Object.values(ok?.content ?? {})[0]?.schema;
      const section = `<section class="op" id="${escape(operation.operationId ?? `${method}-${path}`)}">
<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(document.servers?.[0]?.url ?? '')}${escape(path)}</code></h3>
<p>${escape(operation.summary ?? '')}</p>
${parameters ? `<p>Parameters:</p><ul>${parameters}</ul>` : ''}${body}
<p>Responses:</p><ul>${responses}</ul>${okSchema ? schemaBlock(okSchema) : ''}
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const tags = [...byTag.keys()];
  const problems = PROBLEM_CODES.map(
    (code) => `<li id="problem-${code.toLowerCase().replaceAll('_', '-')}"><code>${code}</code></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;line-height:1.5;color:#1a202c}
code,pre{font-family:ui-monospace,monospace;font-size:0.9em}pre{background:#f7fafc;padding:8px;overflow-x:auto}
.op{border-top:1px solid #e2e8f0;padding:8px 0}.method{display:inline-block;min-width:64px;font-weight:700}
.get{color:#2f855a}.post{color:#2b6cb0}.put,.patch{color:#b7791f}.delete{color:#c53030}nav a{margin-right:12px}
h3{font-size:1rem;overflow-wrap:anywhere}
</style></head><body>
<h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description ?? '')}</p>
<p>The machine-readable description: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${tags.map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`).join('')}</nav>
${tags.map((tag) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${(byTag.get(tag) ?? []).join('\n')}`).join('\n')}
<h2 id="problems">Errors</h2>
<p>Every error is <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> (the app's message), <code>code</code> and <code>errors</code>, each bad field with its message. Types:</p>
<ul>${problems}</ul>
</body></html>`;
}
