import { Link } from 'react-router-dom';

/** A CPD event or session that does not exist (the slug is wrong or it was unpublished). */
export function NotFound() {
  return (
    <div className="narrow">
      <h1>Lost?</h1>
      <p>That page could not be found</p>
      <Link to="/cpd">Back to CPD</Link>
    </div>
  );
}
