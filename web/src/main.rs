//! Browser entry point: mount the Rankscope app.
fn main() {
    rankscope_web::start();
}
