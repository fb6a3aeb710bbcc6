import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** The two outlined icons the login fields show, drawn inline (Ant Design's icon paths). */
const ICONS = {
  mobile:
    'M744 62H280c-35.3 0-64 28.7-64 64v768c0 35.3 28.7 64 64 64h464c35.3 0 64-28.7 64-64V126c0-35.3-28.7-64-64-64zm-8 824H288V134h448v752zM472 784a40 40 0 1080 0 40 40 0 10-80 0z',
  lock: 'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
  eye: 'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  eyeInvisible:
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
} as const;

export function FieldIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="plain-field-icon" viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

interface PlainFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The message under the field, if any. */
  error: string | null;
  prefix?: ReactNode;
  /** A password: hidden, with a button that shows it. */
  secret?: boolean;
}

/**
 * A labelled input with its error below, styled like Ant Design's vertical form item, without
 * Ant Design's form (its form, input and button are about 75 KB of gzipped JavaScript, most of
 * what the login screen loaded before it could be used).
 */
export function PlainField({ id, label, value, onValue, error, prefix, secret = false, ...input }: PlainFieldProps) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className={`plain-field${error ? ' plain-field-has-error' : ''}`}>
      <label htmlFor={id} className="plain-field-label">
        {label}
      </label>
      <span className="plain-field-input">
        {prefix ? <span className="plain-field-prefix">{prefix}</span> : null}
        <input
          {...input}
          id={id}
          type={secret && !shown ? 'password' : 'text'}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {secret ? (
          <button
            type="button"
            className="plain-field-reveal"
            aria-label={intl.formatMessage({ id: shown ? 'auth.password.hide' : 'auth.password.show' })}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            <FieldIcon name={shown ? 'eye' : 'eyeInvisible'} />
          </button>
        ) : null}
      </span>
      <div className="plain-field-help">
        {error ? (
          <div id={errorId} role="alert" className="field-error">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
