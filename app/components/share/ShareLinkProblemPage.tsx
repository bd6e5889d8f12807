import { Link } from '@remix-run/react';
import { STATUS_ACTION, StatusPage } from '~/components/layout/StatusPage';
import { SHARE_LINK_WORDS, splitWords, type WordValues } from '~/content/site-words';
import type { ShareLinkProblem } from './types';

/** Her sentence with its values in place, her e-mail address as a link. */
function Sentence({ text, values }: { text: string; values: WordValues }) {
  return (
    <p>
      {splitWords(text, values).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : part.key === 'email' ? (
          <a key={i} href={`mailto:${part.value}`} className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover">
            {part.value}
          </a>
        ) : (
          part.value
        ),
      )}
    </p>
  );
}

/** What a recipient sees when their link cannot open anything, in her words (site.yml's shareLink). */
export function ShareLinkProblemPage({ problem, name, email, words = SHARE_LINK_WORDS }: ShareLinkProblem) {
  const values: WordValues = { name, 'first name': name.split(' ')[0], email };
  const home = (
    <Link to="/" className={STATUS_ACTION}>
      {words.homeLink}
    </Link>
  );
  const [code, title, text] =
    problem === 'expired' || problem === 'revoked'
      ? [410, words.expiredTitle, words.expiredText]
      : problem === 'limited'
        ? [429, words.limitedTitle, words.limitedText]
        : problem === 'unavailable'
          ? [503, words.unavailableTitle, words.unavailableText]
          : [404, words.unknownTitle, words.unknownText];
  return (
    <StatusPage code={code} title={title} action={home}>
      <Sentence text={text} values={values} />
    </StatusPage>
  );
}
