import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { SearchField } from '../../components/filters/FilterFields';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { useCan } from '../../lib/current-user';
import { openApiQuery } from './api';
import { readReference, type Answer, type Field, type Operation, type Shape, type TypeText } from './document';

/**
 * API Reference (docs/PRODUCT.md "Screens"): every call of the server, read from GET /api/openapi.json, by URL
 * prefix: method, path, who may call it, its parameters, body fields and answers, and the shapes the answers name.
 * For the super admin; an integrator reads the same document as JSON.
 */
export function ApiReferencePage() {
  if (!useCan('apiReference')) return <p className="status-text">The API reference is for Super Admins</p>;
  return <Reference />;
}

const ROLE_LABELS: Record<string, string> = {
  anyone: 'Anyone (no login)',
  superadmin: 'Super Admin',
  admin: 'Admin',
  manager: 'Manager',
  hotel: 'Hotel',
  merchant: 'Merchant',
};
const ROLE_TONES: Record<string, BadgeTone> = { anyone: 'green', hotel: 'orange', merchant: 'orange' };

const matches = (operation: Operation, words: string[]) => {
  const text = `${operation.method} ${operation.path}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

function Reference() {
  const { data } = useSuspenseQuery(openApiQuery);
  const reference = useMemo(() => readReference(data), [data]);
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search).toLowerCase().split(/\s+/).filter(Boolean);
  const tags = reference.tags
    .map((tag) => ({ ...tag, operations: tag.operations.filter((operation) => matches(operation, words)) }))
    .filter((tag) => tag.operations.length > 0);
  const count = tags.reduce((sum, tag) => sum + tag.operations.length, 0);

  return (
    <section className="stack api-reference">
      <Card className="api-intro">
        <h2>
          {reference.title} <span className="muted">{reference.version}</span>
        </h2>
        <p>{reference.description}</p>
        <p className="muted">
          The same description as JSON (OpenAPI 3.1), for code and tools:{' '}
          <a href="/api/openapi.json">/api/openapi.json</a>
        </p>
      </Card>
      <div className="toolbar api-toolbar">
        <SearchField
          label="Search calls"
          value={search}
          onChange={setSearch}
          placeholder="Path or method, e.g. hotels"
        />
        <p className="muted api-count" aria-live="polite">
          {count} {count === 1 ? 'call' : 'calls'}
        </p>
      </div>
      <nav className="api-tags" aria-label="API sections">
        {tags.map((tag) => (
          <a key={tag.name} href={`#api-${tag.name}`}>
            {tag.name} <span className="muted">{tag.operations.length}</span>
          </a>
        ))}
        <a href="#api-shapes">Shapes</a>
      </nav>
      {tags.map((tag) => (
        <section key={tag.name} id={`api-${tag.name}`} className="api-tag" aria-label={tag.name}>
          <h2>/api/{tag.name}</h2>
          {tag.operations.map((operation) => (
            <OperationDetails key={operation.id} operation={operation} open={words.length > 0} />
          ))}
        </section>
      ))}
      <section id="api-shapes" className="api-tag" aria-label="Shapes">
        <h2>Shapes</h2>
        <p className="muted">The JSON objects the answers are made of.</p>
        {reference.shapes.map((shape) => (
          <ShapeDetails key={shape.name} shape={shape} />
        ))}
      </section>
    </section>
  );
}

function OperationDetails({ operation, open }: { operation: Operation; open: boolean }) {
  return (
    <details className="card api-operation" open={open || undefined}>
      <summary>
        <span className={`api-method api-method-${operation.method.toLowerCase()}`}>{operation.method}</span>
        <code className="api-path">{operation.path}</code>
        <span className="api-roles">
          {operation.roles.map((role) => (
            <Badge key={role} tone={ROLE_TONES[role] ?? 'blue'}>
              {ROLE_LABELS[role] ?? role}
            </Badge>
          ))}
        </span>
      </summary>
      <div className="api-operation-body">
        {operation.parameters.length > 0 && (
          <div>
            <h3>Parameters</h3>
            <ul className="api-fields">
              {operation.parameters.map((parameter) => (
                <FieldItem
                  key={`${parameter.in} ${parameter.name}`}
                  field={{ ...parameter, fields: [] }}
                  side="request"
                  where={parameter.in}
                />
              ))}
            </ul>
          </div>
        )}
        {operation.body && (
          <div>
            <h3>
              Body <span className="muted">{operation.body.mediaType}</span>
            </h3>
            {operation.body.fields.length ? (
              <Fields fields={operation.body.fields} side="request" />
            ) : (
              <p>
                <TypeName type={operation.body.type} />
              </p>
            )}
            {operation.body.notes.map((note) => (
              <p key={note} className="muted">
                {note}
              </p>
            ))}
          </div>
        )}
        <div>
          <h3>Answers</h3>
          {operation.answers.map((answer) => (
            <AnswerItem key={answer.status} answer={answer} />
          ))}
          <p className="muted">Refusals and failures answer {'{"detail": "..."}'} (Error).</p>
        </div>
      </div>
    </details>
  );
}

/** A description that only names the type again ("Location", "A list of Location"; document.ts on the server). */
const namesType = (description: string, type: TypeText | undefined) =>
  !!type && (description === type.text || description === `A list of ${type.text.replace(/\[\]$/, '')}`);

function AnswerItem({ answer }: { answer: Answer }) {
  const files = answer.mediaTypes.filter((type) => type !== 'application/json');
  return (
    <div className="api-answer">
      <p>
        <strong>{answer.status}</strong> {answer.type && <TypeName type={answer.type} />}
        {files.length > 0 && <span className="api-media"> {files.join(', ')}</span>}
        {answer.description && !namesType(answer.description, answer.type) && (
          <span className="muted"> · {answer.description}</span>
        )}
      </p>
      {answer.fields.length > 0 && <Fields fields={answer.fields} side="answer" />}
      {answer.headers.map((header) => (
        <p key={header.name} className="muted">
          Header <code>{header.name}</code>: {header.description}
        </p>
      ))}
    </div>
  );
}

function ShapeDetails({ shape }: { shape: Shape }) {
  return (
    <details id={`shape-${shape.name}`} className="card api-operation api-shape">
      <summary>
        <code className="api-path">{shape.name}</code>
        {shape.variants.length > 1 && <span className="muted">one of {shape.variants.length}</span>}
      </summary>
      <div className="api-operation-body">
        {shape.variants.length === 0 && (
          <p>
            <TypeName type={shape.type} />
          </p>
        )}
        {shape.variants.map((fields, i) => (
          <div key={i}>
            {shape.variants.length > 1 && <h3>Variant {i + 1}</h3>}
            <Fields fields={fields} side="answer" />
          </div>
        ))}
      </div>
    </details>
  );
}

/** A request's fields say which are required; an answer's are all there unless marked optional. */
type Side = 'request' | 'answer';

function Fields({ fields, side }: { fields: Field[]; side: Side }) {
  return (
    <ul className="api-fields">
      {fields.map((field) => (
        <FieldItem key={field.name} field={field} side={side} />
      ))}
    </ul>
  );
}

function FieldItem({ field, side, where }: { field: Field; side: Side; where?: string }) {
  const presence = field.required ? (side === 'request' ? 'required' : undefined) : 'optional';
  const label = [where, presence].filter(Boolean).join(', ');
  return (
    <li>
      <div className="api-field">
        <code>{field.name}</code>
        <TypeName type={field.type} />
        {label && <span className={field.required ? 'api-required' : 'muted'}>{label}</span>}
      </div>
      {field.notes.length > 0 && <p className="muted api-notes">{field.notes.join(' · ')}</p>}
      {field.fields.length > 0 && <Fields fields={field.fields} side={side} />}
    </li>
  );
}

/** A type in words; each named shape in it links to that shape's entry below. */
function TypeName({ type }: { type: TypeText }) {
  const names = new Set(type.shapes);
  // Split around whole words, so the shapes' names come out as parts of their own.
  const parts = type.text.split(/(\w+)/);
  return (
    <span className="api-type">
      {parts.map((part, i) =>
        names.has(part) ? (
          <a key={i} href={`#shape-${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </span>
  );
}
