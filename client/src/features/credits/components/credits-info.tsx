/** How credits work, in three sentences. */
export function CreditsInfo() {
  return (
    <section className="credits-section credits-info" aria-labelledby="info-title">
      <h2 id="info-title">How Credits Work</h2>
      <ul>
        <li>1 credit unlocks one conversation with a match.</li>
        <li>Once a conversation is unlocked, messages in it are unlimited.</li>
        <li>Credits never expire.</li>
      </ul>
    </section>
  );
}
