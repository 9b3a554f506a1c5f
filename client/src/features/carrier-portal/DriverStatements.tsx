import { StatementsList } from '../driver-portal/Statements';

/** The carrier portal's "Driver statements": the pay statements of the carrier's owner-operators, each with its PDF. */
export function DriverStatements() {
  return <StatementsList title="Driver statements" withDriver />;
}
