export default function Overview() {
  return (
    <div className="page-head">
      <h1>Overview</h1>
    </div>
  );
}
