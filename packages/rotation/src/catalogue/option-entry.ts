// What the catalogue says of one option: where it goes in rotateKey's options, what its text reads
// into, its default and documentation, and how each front end spells it. The front ends read and
// check their text by `type` and pass the value on under `path`; every rule about the value is the
// library's (check-options.ts).

/**
 * What an option's text reads into. `text`: one line, empty for none. `secret`: a credential
 * (masked by the Action; the CLI reads it from the environment or a file, never a flag). `pem`: a
 * credential of several lines. `clock`: a duration the library reads (`90m`, `12h`, `7d`).
 * `duration`: milliseconds from seconds or `500ms`, `90s`, `10m`, `1h`. `targets`: target specs.
 * `key-ids`: platform key ids. `login`: a GitHub organization login. `names`: secret names or globs.
 */
export type OptionType =
  | 'text'
  | 'secret'
  | 'pem'
  | 'boolean'
  | 'integer'
  | 'duration'
  | 'clock'
  | 'choice'
  | 'targets'
  | 'key-ids'
  | 'login'
  | 'names';

/** How the CLI spells an option: a flag (and keyturn.yml key), or a credential's variable and file flag. */
export interface CliSpelling {
  /** The flag as commander declares it (`--keep <n>`); a list's flag is singular and repeatable (`--target`). */
  readonly flag?: string;
  /** Its keyturn.yml key; none for a flag keyturn.yml does not take (`--dry-run`) and for credentials. */
  readonly key?: string;
  /** The environment variable read when the flag is not given (a credential's, or a runner's: `CI_API_V4_URL`). */
  readonly env?: string;
  /** A credential's flag naming a file that holds it (`--api-key-file <path>`). */
  readonly file?: string;
  /** The flag's line in `--help`, without the default (added from `default` and `env`). */
  readonly help: string;
  /** The flag turns the option off (`--without-vercel-redeploy` sets `vercelRedeploy` false). */
  readonly negates?: true;
}

/** One option of a rotation, as both front ends take it. */
export interface CatalogueOption {
  /** Its path in rotateKey's options (`keyKind.orgId`), as the library's messages name it; none outside rotateKey. */
  readonly path?: string;
  /** Other paths the library's messages name it by (`gitlab` for `gitlab.token`). */
  readonly aliases?: readonly string[];
  readonly type: OptionType;
  /** A `choice`'s values. */
  readonly choices?: readonly string[];
  /** An `integer`'s least value (default 0). */
  readonly min?: number;
  /** One of the credentials that reach a service: a service none is given for is not passed on. */
  readonly credential?: true;
  /** The default, as text (as action.yml writes it). */
  readonly default?: string;
  /** Only a rotation run by hand takes it (refused in alert mode), or only alert mode does. */
  readonly mode?: 'rotation' | 'alerts';
  /** The rotate-key Action's input. */
  readonly input?: string;
  /** What it does, as action.yml says it. */
  readonly doc: string;
  readonly cli?: CliSpelling;
}

/** Whether an option is a credential: never quoted, and a service without one is not passed on. */
export function isCredential(option: CatalogueOption): boolean {
  return option.type === 'secret' || option.type === 'pem' || option.credential === true;
}
