//! Every route of the API answered whole (`lightsout_api::handle_on_this_thread`, what
//! the browser's worker runs for each request; the server runs the same steps apart): the
//! first byte picks the route and whether its method is turned round, the bytes up to
//! the first newline are the query, the rest the body. The request is parsed, checked,
//! planned and computed under small limits (`lightsout_api::fuzzing::answer_request`).
//! A panic, a 500 or an answer said to be JSON that is not, is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_api::fuzzing::answer_request;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (query, body) = match rest.iter().position(|&b| b == b'\n') {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let query = String::from_utf8_lossy(query);
    let reply = answer_request(pick >> 1, pick & 1 == 1, &query, body);
    assert_ne!(reply.status, 500, "{}", String::from_utf8_lossy(&reply.body));
    if reply.content_type.starts_with("application/json") {
        serde_json::from_slice::<serde_json::Value>(&reply.body)
            .expect("an answer said to be JSON is JSON");
    }
});
