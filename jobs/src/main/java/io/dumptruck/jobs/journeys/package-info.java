/**
 * {@code journeys}: visitors' paths through a site, from the web-log loader's {@code visits}, into {@code sessions} and
 * {@code transitions} ({@code JourneyDatasets}). The sessions stage sorts each visitor's page views by time
 * ({@code ViewMapper}, {@code ViewKey}, {@code VisitorPartitioner}) so that {@code SessionReducer} streams them holding
 * one {@code Session}; the transitions stage sums the steps from page to page ({@code TransitionKey},
 * {@code TransitionRecordReducer}). Entry point: {@code JourneysJob}. Plumbing: not for library users; run by
 * {@code dumptruck run}.
 */
package io.dumptruck.jobs.journeys;
