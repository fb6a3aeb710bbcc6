import { Fragment } from 'react';
import { splitQuoted } from '../lib/quoted';

/**
 * A sentence of the server's (a message, a refusal) with what it quotes in its own words (a reason
 * staff typed, a platform's column names) marked `translate="no"`: such text stays as written in
 * every language, and translation tools leave it alone.
 */
export function QuotedText({ text, quoted }: { text: string; quoted?: readonly string[] }) {
  return (
    <>
      {splitQuoted(text, quoted).map((piece, index) =>
        piece.quoted ? (
          <span key={index} translate="no" className="quoted-text">
            {piece.text}
          </span>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
