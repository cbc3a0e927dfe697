import type { ReactElement } from 'react';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { toast } from '../../components/toast';
import { useSavingChoice } from '../../api/saving-choice';
import { useSetProjectAccess, type Organization } from './queries';
import styles from './settings.module.css';
import textStyles from '../../styles/text.module.css';

const MODES: readonly { readonly value: Organization['project_access']; readonly title: string; readonly text: string }[] = [
  { value: 'open', title: 'Open', text: 'Every member reaches every project, with the permissions of their organization role.' },
  {
    value: 'restricted',
    title: 'Restricted',
    text:
      'Developers and viewers see and use only the projects they are members of (add them on each project’s settings); other projects are hidden from them and their ids answer “not found”. Owners, admins, billing admins and auditors still reach every project.',
  },
];

/** Open or restricted project access, said in words; a radio group for those who may change it. */
export function ProjectAccessCard({ org }: { readonly org: Organization }): ReactElement {
  const set = useSetProjectAccess(org.id);
  const access = useSavingChoice(org.project_access);
  return (
    <Card title="Project access">
      <fieldset className={styles.choices} disabled={!org.abilities.update || set.isPending}>
        <legend className="visually-hidden">Project access</legend>
        {MODES.map((mode) => (
          <label key={mode.value} className={styles.choice}>
            <input
              type="radio"
              name="project-access"
              value={mode.value}
              checked={access.shown === mode.value}
              onChange={() => {
                access.choose(mode.value);
                set.mutate(mode.value, {
                  onSuccess: (saved) => toast.success(`Project access is now ${saved.project_access}.`),
                  onSettled: access.settle,
                });
              }}
            />
            <span className={styles.choiceTitle}>{mode.title}</span>
            <span className={styles.choiceText}>{mode.text}</span>
          </label>
        ))}
      </fieldset>
      {!org.abilities.update && <p className={textStyles.muted}>Your role does not include changing project access.</p>}
      <ErrorBanner error={set.error} />
    </Card>
  );
}
