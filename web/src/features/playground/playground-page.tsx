import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { PageHeader } from '../../components/page-header';
import { useCurrentProject } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { AnswerPanel } from './answer-panel';
import { buildChatBody, EXAMPLE_TOOLS, type BuiltBody, type PlaygroundForm } from './chat-body';
import type { ChatResult } from './chat-result';
import styles from './playground.module.css';
import { aliasSuggestionsQuery, orgModelsQuery } from './queries';
import { sendPlaygroundChat } from './send-chat';
import { Textarea } from './textarea';

type FormField = Extract<BuiltBody, { ok: false }>['field'];

const DEFAULT_FORM: Omit<PlaygroundForm, 'model'> = { system: '', user: '', temperature: '', maxTokens: '', stream: true, jsonMode: false, toolsOn: false, tools: EXAMPLE_TOOLS };

/** The playground, for those whose role may use it (a link followed by anyone else opens no form the API would refuse). */
export function PlaygroundPage(): ReactElement {
  const project = useCurrentProject();
  if (project !== null && !project.abilities.use_playground) return <NoAccessPage title="Playground" />;
  return <Playground />;
}

/** Chat with any model the person may use, billed to the project, and see the answer, usage, exact cost and the `req_` id. */
function Playground(): ReactElement {
  const { orgId, projectId } = useParams({ from: '/app/orgs/$orgId/projects/$projectId/playground' });
  const search = useSearch({ from: '/app/orgs/$orgId/projects/$projectId/playground' });
  const navigate = useNavigate({ from: '/orgs/$orgId/projects/$projectId/playground' });
  const project = useCurrentProject();
  const models = useQuery(orgModelsQuery(orgId));
  const aliases = useQuery(aliasSuggestionsQuery(orgId, projectId));
  const listId = useId();
  const [form, setForm] = useState(DEFAULT_FORM);
  const [invalid, setInvalid] = useState<{ field: FormField; message: string } | null>(null);
  const [progress, setProgress] = useState<{ requestId: string | null; result: ChatResult } | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Until the person picks one: the first chat model the organization allows.
  const model = search.model ?? models.data?.data.find((m) => m.kind === 'chat' && m.allowed && m.status === 'active')?.id ?? '';

  const send = useMutation({
    mutationFn: (body: Record<string, unknown>) => {
      abort.current = new AbortController();
      return sendPlaygroundChat(projectId, body, { signal: abort.current.signal, onProgress: setProgress });
    },
    onMutate: () => setProgress(null),
    onSuccess: (sent) => setProgress(sent),
  });

  const set = <K extends keyof typeof DEFAULT_FORM>(key: K, value: (typeof DEFAULT_FORM)[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildChatBody({ ...form, model });
    if (!built.ok) {
      setInvalid({ field: built.field, message: built.message });
      return;
    }
    setInvalid(null);
    send.mutate(built.body);
  };
  const errorFor = (field: FormField, param: string) => (invalid?.field === field ? invalid.message : fieldError(send.error, param));
  const suggestions = [
    ...(models.data?.data ?? []).filter((m) => m.kind === 'chat' && m.allowed && m.status !== 'retired').flatMap((m) => [m.id, ...m.aliases]),
    ...(aliases.data ?? []).map((a) => a.name),
  ];

  return (
    <>
      <PageHeader
        title="Playground"
        description={`Requests run through the gateway like any other: billed to ${project?.name ?? 'this project'}, logged as yours (source: playground), no key needed.`}
      />
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Chat request">
          <Field label="Model" hint="A catalogue id, an alias, or either with @ modifiers (openai/gpt-4o@2024-08-06)." error={errorFor('model', 'model')}>
            <Input
              list={listId}
              value={model}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => void navigate({ search: { model: event.target.value === '' ? undefined : event.target.value }, replace: true })}
            />
          </Field>
          <datalist id={listId}>
            {[...new Set(suggestions)].map((name) => <option key={name} value={name} />)}
          </datalist>
          <Field label="System message" hint="Optional: how the model should behave.">
            <Textarea rows={2} value={form.system} onChange={(event) => set('system', event.target.value)} />
          </Field>
          <Field label="User message" error={errorFor('user', 'messages')}>
            <Textarea rows={5} value={form.user} onChange={(event) => set('user', event.target.value)} />
          </Field>
          <div className={styles.row}>
            <Field label="Temperature" hint="0 to 2; empty: the model's default." error={errorFor('temperature', 'temperature')}>
              <Input inputMode="decimal" value={form.temperature} onChange={(event) => set('temperature', event.target.value)} />
            </Field>
            <Field label="Max tokens" hint="Empty: the model's default." error={errorFor('maxTokens', 'max_tokens')}>
              <Input inputMode="numeric" value={form.maxTokens} onChange={(event) => set('maxTokens', event.target.value)} />
            </Field>
          </div>
          <fieldset className={styles.checks}>
            <legend className="visually-hidden">Options</legend>
            <label className={styles.check}><input type="checkbox" checked={form.stream} onChange={(event) => set('stream', event.target.checked)} /> Stream</label>
            <label className={styles.check}><input type="checkbox" checked={form.jsonMode} onChange={(event) => set('jsonMode', event.target.checked)} /> JSON mode</label>
            <label className={styles.check}><input type="checkbox" checked={form.toolsOn} onChange={(event) => set('toolsOn', event.target.checked)} /> Tools</label>
          </fieldset>
          {form.toolsOn && (
            <Field label="Tool definitions (JSON)" hint='An array in the OpenAI shape: [{"type": "function", "function": {"name", "description", "parameters"}}].' error={errorFor('tools', 'tools')}>
              <Textarea code rows={10} value={form.tools} onChange={(event) => set('tools', event.target.value)} />
            </Field>
          )}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={send.isPending}>Send</Button>
            {send.isPending && <Button onClick={() => abort.current?.abort()}>Stop</Button>}
          </div>
        </form>
        <AnswerPanel
          orgId={orgId}
          projectId={projectId}
          result={progress?.result ?? null}
          requestId={progress?.requestId ?? null}
          running={send.isPending}
          error={send.error !== null && !(send.error instanceof DOMException && send.error.name === 'AbortError') ? send.error : null}
        />
      </div>
    </>
  );
}
