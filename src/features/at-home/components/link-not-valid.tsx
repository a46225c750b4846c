/** What a family sees when the shared link is broken or out of date. */
export function LinkNotValid() {
  return (
    <div className="narrow">
      <h1>This link does not work</h1>
      <p>
        The Music at Home link may have been copied only in part, or it is out of date. Ask your
        child's teacher for a new link.
      </p>
    </div>
  );
}
