import { useState, type ReactElement } from 'react';
import { CopyButton } from '../../components/copy-button';
import { TabPanel, Tabs } from '../../components/tabs';
import styles from './api-keys.module.css';

const LANGUAGES = [
  { value: 'python', label: 'Python' },
  { value: 'node', label: 'Node.js' },
  { value: 'curl', label: 'curl' },
] as const;

type Language = (typeof LANGUAGES)[number]['value'];

/** The three ways to call the gateway with a key, ready to paste (the official openai packages and curl). */
export function snippetsFor(secret: string, model: string, origin: string): Record<Language, string> {
  const baseUrl = `${origin}/v1`;
  return {
    python: [
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url="${baseUrl}", api_key="${secret}")`,
      'answer = client.chat.completions.create(',
      `    model="${model}",`,
      '    messages=[{"role": "user", "content": "Hello!"}],',
      ')',
      'print(answer.choices[0].message.content, answer.usage)',
    ].join('\n'),
    node: [
      "import OpenAI from 'openai';",
      '',
      `const client = new OpenAI({ baseURL: '${baseUrl}', apiKey: '${secret}' });`,
      'const answer = await client.chat.completions.create({',
      `  model: '${model}',`,
      "  messages: [{ role: 'user', content: 'Hello!' }],",
      '});',
      'console.log(answer.choices[0].message.content, answer.usage);',
    ].join('\n'),
    curl: [
      `curl ${baseUrl}/chat/completions \\`,
      `  -H "Authorization: Bearer ${secret}" \\`,
      '  -H "Content-Type: application/json" \\',
      `  -d '{"model": "${model}", "messages": [{"role": "user", "content": "Hello!"}]}'`,
    ].join('\n'),
  };
}

/** A new key in code: the openai package (Python, Node.js) and curl, each with a copy button. */
export function KeySnippets({ secret, model }: { readonly secret: string; readonly model: string }): ReactElement {
  const [language, setLanguage] = useState<Language>('python');
  const snippets = snippetsFor(secret, model, window.location.origin);
  return (
    <Tabs label="Code snippet language" value={language} onValueChange={setLanguage} tabs={LANGUAGES}>
      {LANGUAGES.map(({ value, label }) => (
        <TabPanel key={value} value={value}>
          <div className={styles.snippetRow}>
            <pre className={styles.snippet} tabIndex={0} aria-label={`${label} snippet using the key`}><code>{snippets[value]}</code></pre>
            <CopyButton value={snippets[value]} label={`Copy ${label} snippet`} />
          </div>
        </TabPanel>
      ))}
    </Tabs>
  );
}
